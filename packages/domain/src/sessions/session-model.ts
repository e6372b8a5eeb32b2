import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

export interface SessionDoc {
  /** sha256 of the cookie token: a stolen database does not hand out live sessions. */
  tokenHash: string
  phone: string
  createdAt: Date
  expiresAt: Date
  revokedAt?: Date | null
}

const sessionSchema = new Schema<SessionDoc>({
  tokenHash: { type: String, required: true, unique: true },
  phone: { type: String, required: true, index: true },
  createdAt: { type: Date, required: true },
  expiresAt: { type: Date, required: true },
  revokedAt: { type: Date, default: null },
})
// The server removes a session once expired, revoked or not (its TTL monitor runs about once a
// minute, so resolve still checks `expiresAt` itself).
sessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 })

export const sessionModel = (connection: Connection): Model<SessionDoc> =>
  connection.models['Session'] ?? connection.model<SessionDoc>('Session', sessionSchema)
