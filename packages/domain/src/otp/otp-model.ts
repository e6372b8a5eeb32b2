import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

export type OtpChannel = 'whatsapp' | 'email'

/**
 * The one live code of a destination: a new send replaces it, a good verify deletes it, and the
 * server deletes it some time after it expired (then verify answers 'missing', not 'expired').
 */
export interface OtpDoc {
  channel: OtpChannel
  /** Canonical phone, or lower-cased e-mail. */
  destination: string
  salt: string
  /** sha256(salt:code): the code itself is never stored. */
  codeHash: string
  sentAt: Date
  expiresAt: Date
  /** Verify tries so far, wrong or right; past the limit a new code is needed. */
  attempts: number
}

const otpSchema = new Schema<OtpDoc>({
  channel: { type: String, required: true, enum: ['whatsapp', 'email'] },
  destination: { type: String, required: true },
  salt: { type: String, required: true },
  codeHash: { type: String, required: true },
  sentAt: { type: Date, required: true },
  expiresAt: { type: Date, required: true },
  attempts: { type: Number, required: true, default: 0 },
})
otpSchema.index({ channel: 1, destination: 1 }, { unique: true })
// The server removes a code once expired (its TTL monitor runs about once a minute, so verify
// still checks `expiresAt` itself).
otpSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 })

export const otpModel = (connection: Connection): Model<OtpDoc> =>
  connection.models['OtpCode'] ?? connection.model<OtpDoc>('OtpCode', otpSchema)
