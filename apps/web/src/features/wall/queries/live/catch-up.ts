import { syncRoutes, type PostData } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { callRoute } from '../../../../lib/api-client'
import { wallKeys } from '../keys'
import { cachedPosts, placePost, putComment, recount, removePost } from '../post-cache'

/** The highest change sequence among the posts the tab holds: where a catch-up starts. */
export const highestSeq = (client: QueryClient, phone: string): number => {
  let max = 0
  for (const post of cachedPosts(client, phone).values()) max = Math.max(max, post.seq)
  return max
}

const activityOf = (post: PostData): number => Date.parse(post.data.dateLastEvent)

const latestActivity = (posts: Iterable<PostData>): number => {
  let latest = 0
  for (const post of posts) latest = Math.max(latest, activityOf(post))
  return latest
}

/**
 * After a reconnect (docs/wall.md, "Catch-up"): what changed while the tab was away comes from
 * `GET /api/sync?since=`, merged by post id into what is on screen (nothing emptied, nothing
 * doubled); then the queries on screen are refetched, so a missed folder change or a comment
 * thread is right too. Returns the sequence to start from next time.
 */
export const catchUp = async (
  client: QueryClient,
  phone: string,
  since: number,
): Promise<number> => {
  let next = since
  try {
    const answer = await callRoute(syncRoutes.getSync, { query: { since } })
    const known = cachedPosts(client, phone)
    const latest = latestActivity(known.values())
    // Oldest first, so the latest activity ends on top. A post the tab does not hold is placed
    // only if it is more recent than anything it holds (a new post or new activity); an older
    // one only had its marks change, and is not on screen.
    for (const post of [...answer.posts].reverse()) {
      const before = known.get(post.data.idPostEmet)
      const activity = activityOf(post)
      if (before) placePost(client, phone, post, { toTop: activity !== activityOf(before) })
      else if (activity > latest) placePost(client, phone, post, { toTop: true })
    }
    for (const id of answer.removedPostIds ?? []) removePost(client, phone, id)
    // Comments addressed to the person that the tab had not received: a thread on screen
    // shows them now (they are delivered by this very answer).
    for (const comment of answer.comments ?? []) putComment(client, phone, comment)
    next = Math.max(answer.seq, since)
    if (answer.hasMore) await client.invalidateQueries({ queryKey: wallKeys.all(phone) })
  } catch {
    // The refetch below still brings what is on screen up to date.
  }
  void recount(client, phone)
  await client.invalidateQueries({ queryKey: wallKeys.all(phone), refetchType: 'active' })
  return next
}
