import type { Comment, PostData, Recipient } from '@palabre/contracts'
import { isDelivered, isSeen } from '@palabre/contracts'

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

/**
 * The author's copy of a comment once recipients received it; its status turns '2' when every
 * recipient has (docs/realtime.md, "Comment status"), unless it already says more.
 */
export const withCommentDelivered = (comment: Comment, phones: readonly string[]): Comment => {
  const destinataires = comment.data.destinataires.map((r) =>
    phones.includes(r.phone) ? raise(r, 'delivred', 2) : r,
  )
  const allDelivered =
    destinataires.length > 0 && destinataires.every((r) => isDelivered(r.delivred))
  const status = comment.tagcmtstatut
  const ahead = status === '3' || status === '4'
  return {
    ...comment,
    data: { ...comment.data, destinataires },
    ...(allDelivered && !ahead ? { tagcmtstatut: '2' as const } : {}),
  }
}

/**
 * The server's view of a post, read just after the author's acknowledgement, may predate marks
 * the tab already heard of by event: each recipient keeps the higher of the two.
 */
export const withHigherMarks = (fresh: PostData, known: PostData): PostData => {
  const before = new Map(known.data.destinataires.map((r) => [r.phone, r]))
  return {
    ...fresh,
    data: {
      ...fresh.data,
      destinataires: fresh.data.destinataires.map((r) => {
        const old = before.get(r.phone)
        return old
          ? {
              ...r,
              delivred: Math.max(r.delivred, old.delivred),
              delivredtoWeb: Math.max(r.delivredtoWeb, old.delivredtoWeb),
            }
          : r
      }),
    },
  }
}
