import type { PostData } from '@palabre/contracts'
import type { Model } from 'mongoose'
import { createDeactivatedPeople } from '../users/deactivated.js'
import { entryId } from './inbox-model.js'
import type { InboxEntryDoc } from './inbox-model.js'
import type { PostDoc } from './post-model.js'
import { presentPost } from './post-view.js'
import type { PostShown } from './post-view.js'

/** Posts by key: one range of the primary index (`_id: {$in}`), one round trip. */
const postsByKey = (Post: Model<PostDoc>, ids: string[]): Promise<PostShown[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : Post.find({ _id: { $in: [...new Set(ids)] } })
        .select({ participants: 0 })
        .lean<PostShown[]>()

/**
 * Entries by key, with only the marks: one range of the primary index. On FerretDB 2 a page's ten
 * posts by one `$in` take about as long as one point read, ten parallel point reads three times
 * that (docs/benchmarks.md, "Query plans").
 */
const entriesByKey = (Inbox: Model<InboxEntryDoc>, keys: string[]): Promise<InboxEntryDoc[]> =>
  keys.length === 0
    ? Promise.resolve([])
    : Inbox.find({ _id: { $in: keys } })
        .select({ idPostEmet: 1, phone: 1, delivred: 1, delivredtoWeb: 1, cmtnonlu: 1 })
        .lean<InboxEntryDoc[]>()

/**
 * Turns a viewer's inbox entries into post items: the posts by key, and for the posts the viewer
 * sent, their recipients' entries for the per-recipient marks (one `$in` on keys). No `$lookup`.
 */
export const readPosts = async (
  Post: Model<PostDoc>,
  Inbox: Model<InboxEntryDoc>,
  viewerEntries: InboxEntryDoc[],
): Promise<PostData[]> => {
  if (viewerEntries.length === 0) return []
  const ids = viewerEntries.map((e) => e.idPostEmet)
  // With the posts, who is deactivated now, to mark them among the recipients
  // (docs/organisation.md, "Deactivation"); the same connection as the posts'.
  const [posts, deactivated] = await Promise.all([
    postsByKey(Post, ids),
    createDeactivatedPeople(Post.db).all(),
  ])
  const byId = new Map(posts.map((p) => [p.idPostEmet, p]))
  // The recipients' entries of the posts the viewer sent, by key.
  const markIds = viewerEntries
    .filter((e) => e.role === 'sender')
    .flatMap((e) =>
      (byId.get(e.idPostEmet)?.destinataires ?? []).map((r) => entryId(e.idPostEmet, r.phone)),
    )
  const marks = await entriesByKey(Inbox, markIds)
  const marksByPost = new Map<string, Map<string, InboxEntryDoc>>()
  for (const entry of marks) {
    const map = marksByPost.get(entry.idPostEmet) ?? new Map<string, InboxEntryDoc>()
    map.set(entry.phone, entry)
    marksByPost.set(entry.idPostEmet, map)
  }
  return viewerEntries.flatMap((entry) => {
    const post = byId.get(entry.idPostEmet)
    return post ? [presentPost(post, entry, marksByPost.get(entry.idPostEmet), deactivated)] : []
  })
}
