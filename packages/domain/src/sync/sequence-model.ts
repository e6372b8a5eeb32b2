import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/** One counter per user: the last change sequence handed out to that user's inbox entries. */
export interface SequenceDoc {
  /** The user's canonical phone. */
  _id: string
  seq: number
}

const sequenceSchema = new Schema<SequenceDoc>(
  { _id: { type: String, required: true }, seq: { type: Number, required: true, default: 0 } },
  { versionKey: false },
)

export const sequenceModel = (connection: Connection): Model<SequenceDoc> =>
  connection.models['ChangeSequence'] ??
  connection.model<SequenceDoc>('ChangeSequence', sequenceSchema, 'change_sequences')
