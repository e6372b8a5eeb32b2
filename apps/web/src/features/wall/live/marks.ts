import type { Comment, PostData, Recipient } from '@palabre/contracts'
import { isSeen } from '@palabre/contracts'

type Channel = 'delivred' | 'delivredtoWeb'

/** A mark only goes up: a late 'delivered' never hides a 'seen' (docs/realtime.md, "Delivery marks"). */
const raise = (recipient: Recipient, channel: Channel, code: 2 | 4): Recipient =>
  recipient[channel] >= code ? recipient : { ...recipient, [channel]: code }

/** The sender's copy of a post, with one recipient's mark raised. */
export const withPostMark = (
  post: PostData,
  phone: string,
  channel: Channel,
  code: 2 | 4,
): PostData => ({
  ...post,
  data: {
    ...post.data,
    destinataires: post.data.destinataires.map((r) =>
      r.phone === phone ? raise(r, channel, code) : r,
    ),
  },
})

/**
 * The author's copy of a comment once a recipient saw it; its status turns '4' when every
 * recipient has (docs/realtime.md, "Comment status").
 */
export const withCommentSeen = (comment: Comment, phone: string, channel: Channel): Comment => {
  const destinataires = comment.data.destinataires.map((r) =>
    r.phone === phone ? raise(r, channel, 4) : r,
  )
  const allSeen =
    destinataires.length > 0 &&
    destinataires.every((r) => isSeen(r.delivred) || isSeen(r.delivredtoWeb))
  return {
    ...comment,
    data: { ...comment.data, destinataires },
    ...(allSeen ? { tagcmtstatut: '4' as const } : {}),
  }
}
