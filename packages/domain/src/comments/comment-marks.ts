import {
  commentStatusOf,
  deliveryCodes,
  higherStatus,
  markOf,
  statusesBelow,
} from '@palabre/contracts'
import type { CommentStatus } from '@palabre/contracts'
import type { Model } from 'mongoose'
import { isDuplicateKey } from '../database.js'
import type { PostDoc } from '../posts/post-model.js'
import type { CommentDoc } from './comment-model.js'
import { freshReceipt, receiptId } from './receipt-model.js'
import type { ReceiptDoc } from './receipt-model.js'

export interface CommentMarkDeps {
  Post: Model<PostDoc>
  Comment: Model<CommentDoc>
  Receipt: Model<ReceiptDoc>
}

/** Comments newly seen by one viewer, grouped by author (who is told). */
export interface SeenComments {
  author: string
  idPostEmet: string
  commentsSeen: string[]
  /** Each comment's stored status after the change. */
  statuses: Record<string, CommentStatus>
}

/** A comment newly delivered to some of its recipients: its author is told. */
export interface DeliveredComment {
  author: string
  idPostEmet: string
  idCmtEmet: string
  recipients: string[]
  /** The comment's stored status after the change. */
  status: CommentStatus
}

type CommentHead = Pick<
  CommentDoc,
  '_id' | 'idCmtEmet' | 'idPostEmet' | 'emetr_phone' | 'tagcmtstatut'
>
const head = { idCmtEmet: 1, idPostEmet: 1, emetr_phone: 1, tagcmtstatut: 1 } as const

/**
 * A comment's status from its receipts, stored only if it is higher than the stored one: two
 * refreshes racing (a delivered batch and a seen event) cannot lower it (docs/realtime.md,
 * "Comment status"). Returns the status the comment has now.
 */
const refreshStatus = async (
  { Comment, Receipt }: CommentMarkDeps,
  comment: CommentHead,
): Promise<CommentStatus> => {
  const receipts = await Receipt.find({ idCmtEmet: comment.idCmtEmet })
    .select({ delivred: 1, delivredtoWeb: 1 })
    .lean<ReceiptDoc[]>()
  const status = commentStatusOf(receipts)
  await Comment.updateOne(
    { _id: comment.idCmtEmet, tagcmtstatut: { $in: statusesBelow(status) } },
    { $set: { tagcmtstatut: status } },
  )
  return higherStatus(comment.tagcmtstatut, status)
}

/**
 * The receipts of `keys` not delivered yet, now delivered (2), in one read and one update; what
 * to tell each comment's author, grouped by comment.
 */
const deliverReceipts = async (
  deps: CommentMarkDeps,
  keys: readonly string[],
): Promise<DeliveredComment[]> => {
  const undelivered = {
    _id: { $in: [...new Set(keys)] },
    delivred: { $lt: deliveryCodes.deliveredCallback },
  }
  const fresh = await deps.Receipt.find(undelivered)
    .select({ idCmtEmet: 1, phone: 1 })
    .lean<ReceiptDoc[]>()
  if (fresh.length === 0) return []
  await deps.Receipt.updateMany(
    { ...undelivered, _id: { $in: fresh.map((r) => r._id) } },
    { $max: { delivred: deliveryCodes.deliveredCallback } },
  )
  const recipients = new Map<string, string[]>()
  for (const r of fresh)
    recipients.set(r.idCmtEmet, [...(recipients.get(r.idCmtEmet) ?? []), r.phone])
  const comments = await deps.Comment.find({ _id: { $in: [...recipients.keys()] } })
    .select(head)
    .lean<CommentHead[]>()
  return Promise.all(
    comments.map(async (comment) => ({
      author: comment.emetr_phone,
      idPostEmet: comment.idPostEmet,
      idCmtEmet: comment.idCmtEmet,
      recipients: recipients.get(comment.idCmtEmet) ?? [],
      status: await refreshStatus(deps, comment),
    })),
  )
}

/**
 * Recipients' sockets got the comment (a batch of acknowledgements): their receipts say
 * delivered (2). Returns what to tell the author, or null when nothing changed. The author has
 * no receipt, so naming them changes nothing.
 */
export const markCommentDelivered = async (
  deps: CommentMarkDeps,
  recipients: readonly string[],
  idCmtEmet: string,
): Promise<DeliveredComment | null> => {
  const [change] = await deliverReceipts(
    deps,
    recipients.map((phone) => receiptId(idCmtEmet, phone)),
  )
  return change ?? null
}

/**
 * The viewer's receipts of some comments, written first where the seen event beat them (a
 * comment reaches its recipients while its receipts are being written): created as the comment
 * would have them, so the mark is kept whatever the order. Only for comments of `post` that the
 * viewer did not write.
 */
const ensureReceipts = async (
  deps: CommentMarkDeps,
  viewer: string,
  comments: readonly CommentHead[],
): Promise<void> => {
  const missing = comments.map((c) => freshReceipt(c, viewer))
  if (missing.length === 0) return
  const present = new Set(
    (
      await deps.Receipt.find({ _id: { $in: missing.map((r) => r._id) } })
        .select({ _id: 1 })
        .lean<Pick<ReceiptDoc, '_id'>[]>()
    ).map((r) => r._id),
  )
  const absent = missing.filter((r) => !present.has(r._id))
  if (absent.length === 0) return
  await deps.Receipt.insertMany(absent, { ordered: false, lean: true }).catch((error: unknown) => {
    // Written meanwhile by the comment's own fan-out: there now, which is all we need.
    const writeErrors = (error as { writeErrors?: { code?: number; err?: { code?: number } }[] })
      .writeErrors
    if (!isDuplicateKey(error) && !writeErrors?.every((e) => (e.code ?? e.err?.code) === 11000))
      throw error
  })
}

/**
 * The viewer saw comments of a post (all of those it has receipts for when `ids` is empty): seen
 * 4 on that channel. Returns what changed, by author, for the seen events.
 */
export const markCommentsSeen = async (
  deps: CommentMarkDeps,
  viewer: string,
  idPostEmet: string,
  ids: readonly string[],
  channel: 'web' | 'mobile',
): Promise<SeenComments[]> => {
  const { field, code } = markOf({ kind: 'seen', channel })
  let comments: CommentHead[]
  if (ids.length > 0) {
    const post = await deps.Post.findOne({ _id: idPostEmet })
      .select({ participants: 1 })
      .lean<PostDoc>()
    if (!post?.participants.includes(viewer)) return []
    // Keyed by the post: another post's comment (or none) matches nothing.
    comments = (
      await deps.Comment.find({ _id: { $in: [...new Set(ids)] }, idPostEmet })
        .select(head)
        .lean<CommentHead[]>()
    ).filter((c) => c.emetr_phone !== viewer)
    await ensureReceipts(deps, viewer, comments)
  } else {
    const pending = await deps.Receipt.find({ idPostEmet, phone: viewer, [field]: { $lt: code } })
      .select({ idCmtEmet: 1 })
      .lean<ReceiptDoc[]>()
    comments = await deps.Comment.find({ _id: { $in: pending.map((r) => r.idCmtEmet) } })
      .select(head)
      .lean<CommentHead[]>()
  }
  const unseen = {
    _id: { $in: comments.map((c) => receiptId(c.idCmtEmet, viewer)) },
    [field]: { $lt: code },
  }
  const changedIds = new Set(
    (await deps.Receipt.find(unseen).select({ idCmtEmet: 1 }).lean<ReceiptDoc[]>()).map(
      (r) => r.idCmtEmet,
    ),
  )
  if (changedIds.size === 0) return []
  await deps.Receipt.updateMany(unseen, { $max: { [field]: code } })
  const changed = comments.filter((c) => changedIds.has(c.idCmtEmet))
  const byAuthor = new Map<string, SeenComments>()
  for (const comment of changed) {
    const status = await refreshStatus(deps, comment)
    const seen = byAuthor.get(comment.emetr_phone) ?? {
      author: comment.emetr_phone,
      idPostEmet,
      commentsSeen: [],
      statuses: {},
    }
    seen.commentsSeen.push(comment.idCmtEmet)
    seen.statuses[comment.idCmtEmet] = status
    byAuthor.set(comment.emetr_phone, seen)
  }
  return [...byAuthor.values()]
}

/**
 * Comments the viewer's client now holds because it read them (a thread, the catch-up): each
 * one addressed to them is delivered (2) if it was not yet. Returns what to tell each author.
 * Reading for an export must not call this.
 */
export const markCommentsDeliveredOnRead = (
  deps: CommentMarkDeps,
  viewer: string,
  idCmtEmets: readonly string[],
): Promise<DeliveredComment[]> =>
  deliverReceipts(
    deps,
    idCmtEmets.map((id) => receiptId(id, viewer)),
  )
