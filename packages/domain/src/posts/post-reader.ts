import type { PostData } from '@palabre/contracts'
import type { Model } from 'mongoose'
import { entryId } from './inbox-model.js'
import type { InboxEntryDoc } from './inbox-model.js'
import { postsById } from './post-model.js'
import type { PostDoc } from './post-model.js'
import { presentPost } from './post-view.js'

/**
 * Turns a viewer's inbox entries into post items: the posts by key, and for the posts the viewer
 * sent, their recipients' entries for the per-recipient marks (one `$in` on keys). No `$lookup`.
 */
/** Few keys: point reads (the primary index on every engine); many: one `$in`. */
const POINT_READS = 100

const entriesByKey = async (
  Inbox: Model<InboxEntryDoc>,
  keys: string[],
): Promise<InboxEntryDoc[]> => {
  const fields = { idPostEmet: 1, phone: 1, delivred: 1, delivredtoWeb: 1, cmtnonlu: 1 }
  if (keys.length === 0) return []
  if (keys.length > POINT_READS)
    return Inbox.find({ _id: { $in: keys } })
      .select(fields)
      .lean<InboxEntryDoc[]>()
  const found = await Promise.all(
    keys.map((_id) => Inbox.findOne({ _id }).select(fields).lean<InboxEntryDoc>()),
  )
  return found.filter((entry): entry is InboxEntryDoc => entry !== null)
}

export const readPosts = async (
  Post: Model<PostDoc>,
  Inbox: Model<InboxEntryDoc>,
  viewerEntries: InboxEntryDoc[],
): Promise<PostData[]> => {
  if (viewerEntries.length === 0) return []
  const ids = viewerEntries.map((e) => e.idPostEmet)
  const posts = await postsById(Post, ids)
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
    return post ? [presentPost(post, entry, marksByPost.get(entry.idPostEmet))] : []
  })
}
