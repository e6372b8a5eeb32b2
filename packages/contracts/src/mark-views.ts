import type { Comment } from './entities/comment.js'
import type { PostData } from './entities/post.js'
import type { Recipient } from './entities/recipient.js'
import { commentStatusOf, higherMarks, higherStatus, raiseMarks } from './marks.js'
import type { CommentStatus, MarkEvent } from './marks.js'

/**
 * The marks rules of marks.ts applied to what a sender or an author holds: a post's or a
 * comment's view with its recipients' marks (docs/realtime.md, "Delivery marks"). The web keeps
 * its copies up to date with these, and the tests replay events through them.
 */

const raiseRecipients = (
  recipients: readonly Recipient[],
  phones: readonly string[],
  event: MarkEvent,
): Recipient[] => recipients.map((r) => (phones.includes(r.phone) ? raiseMarks(r, event) : r))

/** The sender's copy of a post once one recipient's mark event is heard. */
export const postWithMark = (post: PostData, phone: string, event: MarkEvent): PostData => ({
  ...post,
  data: {
    ...post.data,
    destinataires: raiseRecipients(post.data.destinataires, [phone], event),
  },
})

/**
 * The author's copy of a comment once some recipients' mark event is heard. Its status is the
 * server's when the event says it (the server knows every recipient's marks), else what the
 * marks the author holds give; either way it never goes down.
 */
export const commentWithMark = (
  comment: Comment,
  phones: readonly string[],
  event: MarkEvent,
  serverStatus?: CommentStatus,
): Comment => {
  const destinataires = raiseRecipients(comment.data.destinataires, phones, event)
  const status = serverStatus ?? commentStatusOf(destinataires)
  return {
    ...comment,
    data: { ...comment.data, destinataires },
    tagcmtstatut: higherStatus(comment.tagcmtstatut ?? '', status),
  }
}

const mergeRecipients = (fresh: readonly Recipient[], known: readonly Recipient[]): Recipient[] => {
  const before = new Map(known.map((r) => [r.phone, r]))
  return fresh.map((r) => {
    const old = before.get(r.phone)
    return old ? higherMarks(r, old) : r
  })
}

/**
 * A post read from the server may predate marks the tab already heard of by event (a read on
 * its way while they came): each recipient keeps the higher of the two, and so does the
 * viewer's own pair.
 */
export const postWithHigherMarks = (fresh: PostData, known: PostData): PostData => ({
  ...higherMarks(fresh, known),
  data: {
    ...fresh.data,
    destinataires: mergeRecipients(fresh.data.destinataires, known.data.destinataires),
  },
})

/** The same for a comment: marks per recipient and its status, each the higher. */
export const commentWithHigherMarks = (fresh: Comment, known: Comment): Comment => ({
  ...fresh,
  data: {
    ...fresh.data,
    destinataires: mergeRecipients(fresh.data.destinataires, known.data.destinataires),
  },
  tagcmtstatut: higherStatus(fresh.tagcmtstatut ?? '', known.tagcmtstatut ?? ''),
})
