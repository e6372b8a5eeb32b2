import type { Model } from 'mongoose'
import type { CommentDoc } from './comment-model.js'
import { isReceiptDelivered, isReceiptSeen } from './comment-view.js'
import { receiptId } from './receipt-model.js'
import type { ReceiptDoc } from './receipt-model.js'

export interface CommentMarkDeps {
  Comment: Model<CommentDoc>
  Receipt: Model<ReceiptDoc>
}

/** Comments newly seen by one viewer, grouped by author (who is told). */
export interface SeenComments {
  author: string
  idPostEmet: string
  commentsSeen: string[]
}

/** '2' once every recipient has it, '4' once every one has seen it (docs/realtime.md, "Comment status"). */
const refreshStatus = async (
  { Comment, Receipt }: CommentMarkDeps,
  idCmtEmet: string,
): Promise<void> => {
  const receipts = await Receipt.find({ idCmtEmet })
    .select({ delivred: 1, delivredtoWeb: 1 })
    .lean<ReceiptDoc[]>()
  if (receipts.length === 0) return
  const status = receipts.every(isReceiptSeen)
    ? '4'
    : receipts.every(isReceiptDelivered)
      ? '2'
      : '0'
  if (status === '0') return
  await Comment.updateOne(
    { _id: idCmtEmet, tagcmtstatut: { $ne: status } },
    { $set: { tagcmtstatut: status } },
  )
}

/** A comment newly delivered to some of its recipients: its author is told. */
export interface DeliveredComment {
  author: string
  idPostEmet: string
  idCmtEmet: string
  recipients: string[]
}

/**
 * Recipients' sockets received the comment (a batch): their receipts say delivered (2). Returns
 * what to tell the author, or null when nothing changed.
 */
export const markCommentDelivered = async (
  deps: CommentMarkDeps,
  recipients: readonly string[],
  idCmtEmet: string,
): Promise<DeliveredComment | null> => {
  const phones = [...new Set(recipients)]
  const keys = phones.map((phone) => receiptId(idCmtEmet, phone))
  const result = await deps.Receipt.updateMany(
    { _id: { $in: keys }, delivred: { $lt: 2 } },
    { $set: { delivred: 2 } },
  )
  if (result.modifiedCount === 0) return null
  await refreshStatus(deps, idCmtEmet)
  const comment = await deps.Comment.findOne({ _id: idCmtEmet })
    .select({ emetr_phone: 1, idPostEmet: 1 })
    .lean<Pick<CommentDoc, 'emetr_phone' | 'idPostEmet'>>()
  if (!comment) return null
  return {
    author: comment.emetr_phone,
    idPostEmet: comment.idPostEmet,
    idCmtEmet,
    recipients: phones,
  }
}

/**
 * The viewer saw comments of a post (all of them when `ids` is empty): seen 4 on that channel.
 * Returns what changed, by author, for the seen events.
 */
export const markCommentsSeen = async (
  deps: CommentMarkDeps,
  viewer: string,
  idPostEmet: string,
  ids: readonly string[],
  channel: 'web' | 'mobile',
): Promise<SeenComments[]> => {
  const field = channel === 'web' ? 'delivredtoWeb' : 'delivred'
  const named =
    ids.length > 0
      ? [...new Set(ids)]
      : (
          await deps.Receipt.find({ idPostEmet, phone: viewer, [field]: { $lt: 4 } })
            .select({ idCmtEmet: 1 })
            .lean<ReceiptDoc[]>()
        ).map((r) => r.idCmtEmet)
  // Keyed by the viewer's phone: another post's comment (or none) matches nothing.
  const keys = named.map((idCmtEmet) => receiptId(idCmtEmet, viewer))
  const pending = await deps.Receipt.find({ _id: { $in: keys }, idPostEmet, [field]: { $lt: 4 } })
    .select({ idCmtEmet: 1 })
    .lean<ReceiptDoc[]>()
  const changed = pending.map((r) => r.idCmtEmet)
  if (changed.length > 0)
    await deps.Receipt.updateMany(
      { _id: { $in: pending.map((r) => r._id) }, [field]: { $lt: 4 } },
      { $set: { [field]: 4 } },
    )
  if (changed.length === 0) return []
  const comments = (
    await Promise.all(
      changed.map((_id) =>
        deps.Comment.findOne({ _id }).select({ idCmtEmet: 1, emetr_phone: 1 }).lean<CommentDoc>(),
      ),
    )
  ).filter((c): c is CommentDoc => c !== null)
  for (const comment of comments) await refreshStatus(deps, comment.idCmtEmet)
  const byAuthor = new Map<string, string[]>()
  for (const comment of comments)
    byAuthor.set(comment.emetr_phone, [
      ...(byAuthor.get(comment.emetr_phone) ?? []),
      comment.idCmtEmet,
    ])
  return [...byAuthor].map(([author, commentsSeen]) => ({ author, idPostEmet, commentsSeen }))
}
