import {
  commentWithHigherMarks,
  postWithHigherMarks,
  type Comment,
  type PostData,
} from '@palabre/contracts'
import { replaceEqualDeep } from '@tanstack/react-query'
import { isOpenPost, serverCountsUnread } from './open-posts'

/**
 * A mark only goes up on screen too (docs/wall.md, "Ticks"): a read that left before a mark's
 * event arrived answers with the older mark, and must not take it back. Likewise a post whose
 * discussion is on screen has no unread comment, whatever a read that left before the server was
 * told says (docs/wall.md, "Newness and opening"). Used as the `structuralSharing` of the
 * queries holding posts and comments, and when a post is placed.
 */

const byId = <T>(list: readonly T[], id: (item: T) => string) =>
  new Map(list.map((item) => [id(item), item]))

const postId = (post: PostData) => post.data.idPostEmet
const commentId = (comment: Comment) => comment.data.idCmtEmet

/** A post read again, with the higher marks of the copy the tab holds. */
export const keepPostMarksOf = (fresh: PostData, known: PostData | null | undefined): PostData => {
  const kept = known && postId(known) === postId(fresh) ? postWithHigherMarks(fresh, known) : fresh
  if (kept.cmtnonlu === 0 || !isOpenPost(postId(kept))) return kept
  // The server may not hold them read yet, or no longer: it is told again.
  if (fresh.cmtnonlu > 0) serverCountsUnread(postId(kept))
  return { ...kept, cmtnonlu: 0 }
}

/** `structuralSharing` of a list of posts (a page of the wall). */
export const keepPostListMarks = (old: unknown, fresh: unknown): unknown => {
  if (!Array.isArray(old) || !Array.isArray(fresh)) return replaceEqualDeep(old, fresh)
  const known = byId(old as PostData[], postId)
  return replaceEqualDeep(
    old,
    (fresh as PostData[]).map((post) => keepPostMarksOf(post, known.get(postId(post)))),
  )
}

/** `structuralSharing` of one post (a discussion opened by id). */
export const keepPostMarks = (old: unknown, fresh: unknown): unknown =>
  fresh && old ? replaceEqualDeep(old, keepPostMarksOf(fresh as PostData, old as PostData)) : fresh

/** `structuralSharing` of a thread. */
export const keepCommentListMarks = (old: unknown, fresh: unknown): unknown => {
  if (!Array.isArray(old) || !Array.isArray(fresh)) return replaceEqualDeep(old, fresh)
  const known = byId(old as Comment[], commentId)
  return replaceEqualDeep(
    old,
    (fresh as Comment[]).map((comment) => {
      const before = known.get(commentId(comment))
      return before ? commentWithHigherMarks(comment, before) : comment
    }),
  )
}
