import { commentTicks, recipientTicks, type Recipient, type Ticks } from '@palabre/contracts'
import type { CommentView } from '../model/types'

/** The marks the ticks component draws (docs/wall.md, "Ticks"). */
export type TickKind = 'sent' | 'delivered' | 'seen' | 'pending'

/**
 * One recipient's ticks in the discussion, for the sender only (docs/wall.md, "Ticks"): double
 * read when either channel saw the post, double when delivered, nothing before. Null for anyone
 * else: only the sender sees the recipients' marks.
 */
export const recipientTickKind = (
  recipient: Pick<Recipient, 'delivred' | 'delivredtoWeb'>,
  viewerIsSender: boolean,
): Ticks | null => (viewerIsSender ? recipientTicks(recipient) : null)

/**
 * What the foot of a comment shows (docs/wall.md, "Ticks"): nothing on others' comments; on the
 * viewer's own, our sending state first, then the ticks of its status ('' or '0' sent, '1'/'2'
 * delivered, '3'/'4' read).
 */
export type CommentFoot = TickKind | 'failed' | 'throttled' | 'waiting' | null

export const commentFoot = (comment: CommentView, viewerPhone: string): CommentFoot => {
  if (comment.data.author.phone !== viewerPhone) return null
  if (comment.sendState === 'pending') return 'pending'
  if (comment.sendState === 'failed') return 'failed'
  if (comment.sendState === 'throttled') return 'throttled'
  if (comment.sendState === 'waiting') return 'waiting'
  return commentTicks(comment.status)
}
