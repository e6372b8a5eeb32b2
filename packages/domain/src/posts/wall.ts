import { postsPerPage } from '@palabre/contracts'
import type { PostData } from '@palabre/contracts'
import type { FilterQuery, Model } from 'mongoose'
import { literalPattern, searchWord } from '../contacts/literal-pattern.js'
import type { InboxEntryDoc } from './inbox-model.js'
import type { PostDoc } from './post-model.js'
import { readPosts } from './post-reader.js'

/** The three scopes of spec point 4: the general wall, one contact, one folder. */
export type WallScope =
  { kind: 'general' } | { kind: 'contact'; phone: string } | { kind: 'group'; idGroup: string }

export interface WallQuery {
  scope: WallScope
  /** A search word: posts whose text contains it, case-insensitive. Blank means no search. */
  word?: string | undefined
}

const scopeFilter = (viewer: string, scope: WallScope): FilterQuery<InboxEntryDoc> => {
  if (scope.kind === 'contact') return { phone: viewer, peers: scope.phone }
  if (scope.kind === 'group') return { phone: viewer, groupIds: scope.idGroup }
  return { phone: viewer }
}

/**
 * The entry filter of a wall query. A search first finds the viewer's posts whose text matches
 * (posts are indexed by participant), then keeps the scope on the viewer's entries.
 */
const entryFilter = async (
  Post: Model<PostDoc>,
  viewer: string,
  { scope, word }: WallQuery,
): Promise<FilterQuery<InboxEntryDoc>> => {
  const filter = scopeFilter(viewer, scope)
  const literal = searchWord(word)
  if (!literal) return filter
  const matching = await Post.find({
    participants: viewer,
    text: literalPattern(literal),
    ...(scope.kind === 'group' ? { 'groups.idGroup': scope.idGroup } : {}),
  })
    .select({ idPostEmet: 1, _id: 0 })
    .lean()
  return { ...filter, idPostEmet: { $in: matching.map((p) => p.idPostEmet) } }
}

export const countWall = async (
  Post: Model<PostDoc>,
  Inbox: Model<InboxEntryDoc>,
  viewer: string,
  query: WallQuery,
): Promise<number> => Inbox.countDocuments(await entryFilter(Post, viewer, query))

/** Page `pageIndex` (from 0) of 10 posts, most recent activity first. */
export const readWallPage = async (
  Post: Model<PostDoc>,
  Inbox: Model<InboxEntryDoc>,
  viewer: string,
  query: WallQuery,
  pageIndex: number,
): Promise<PostData[]> => {
  const entries = await Inbox.find(await entryFilter(Post, viewer, query))
    .sort({ dateLastEvent: -1, idPostEmet: -1 })
    .skip(pageIndex * postsPerPage)
    .limit(postsPerPage)
    .lean<InboxEntryDoc[]>()
  return readPosts(Post, Inbox, entries)
}
