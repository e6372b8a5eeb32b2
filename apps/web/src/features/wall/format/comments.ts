import { recipientDisplayName } from '@palabre/contracts'
import type { CommentView } from '../model/types'

/** The viewer's own comments sit on the self side of the thread (docs/wall.md, "Discussion"). */
export const isOwnComment = (comment: CommentView, viewerPhone: string): boolean =>
  comment.data.author.phone === viewerPhone

/** Others' comments show the author's name, or '+' and the phone when the name is empty. */
export const commentSenderLabel = (comment: CommentView): string =>
  recipientDisplayName(comment.data.author)
