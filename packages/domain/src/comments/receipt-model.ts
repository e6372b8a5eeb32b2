import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/** One document per (comment, recipient): that recipient's delivery marks (docs/data-model.md, "Comment receipts"). */
export interface ReceiptDoc {
  /** receiptId(idCmtEmet, phone). */
  _id: string
  idCmtEmet: string
  idPostEmet: string
  phone: string
  delivred: number
  delivredtoWeb: number
}

const receiptSchema = new Schema<ReceiptDoc>(
  {
    _id: { type: String, required: true },
    idCmtEmet: { type: String, required: true },
    idPostEmet: { type: String, required: true },
    phone: { type: String, required: true },
    delivred: { type: Number, default: 0 },
    delivredtoWeb: { type: Number, default: 0 },
  },
  { versionKey: false },
)
receiptSchema.index({ idCmtEmet: 1, phone: 1 })
// A viewer's receipts on one post (opening a discussion marks them seen).
receiptSchema.index({ idPostEmet: 1, phone: 1 })
// A viewer's comments not yet delivered (the catch-up hands them over).
receiptSchema.index({ phone: 1, delivred: 1, delivredtoWeb: 1 })

export const receiptModel = (connection: Connection): Model<ReceiptDoc> =>
  connection.models['CommentReceipt'] ??
  connection.model<ReceiptDoc>('CommentReceipt', receiptSchema, 'comment_receipts')

/** The key of a recipient's receipt; phones are digits, so the last ':' splits it. */
export const receiptId = (idCmtEmet: string, phone: string): string => `${idCmtEmet}:${phone}`

/** A recipient's receipt of a comment it has not got yet (no marks). */
export const freshReceipt = (
  comment: Pick<ReceiptDoc, 'idCmtEmet' | 'idPostEmet'>,
  phone: string,
): ReceiptDoc => ({
  _id: receiptId(comment.idCmtEmet, phone),
  idCmtEmet: comment.idCmtEmet,
  idPostEmet: comment.idPostEmet,
  phone,
  delivred: 0,
  delivredtoWeb: 0,
})
