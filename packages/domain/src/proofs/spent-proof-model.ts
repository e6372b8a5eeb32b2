import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/**
 * A verification proof that has been used (docs/security.md, "One use per OTP proof"). Its
 * random id is the key, so two uses of one proof collide on the primary key, however close
 * together; the document lives until the proof would have expired anyway (TTL index).
 */
export interface SpentProofDoc {
  _id: string
  expiresAt: Date
}

const spentProofSchema = new Schema<SpentProofDoc>(
  {
    _id: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
)
spentProofSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 })

export const spentProofModel = (connection: Connection): Model<SpentProofDoc> =>
  connection.models['SpentProof'] ??
  connection.model<SpentProofDoc>('SpentProof', spentProofSchema, 'spent_proofs')
