import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/**
 * One document per counted event (an OTP sent, a sign-in tried). A sliding window is then a
 * count of a key's events newer than the window start: exact, index-backed, and shared by every
 * api node. No TTL index (FerretDB 1.x refuses them): old events are pruned on each use.
 */
export interface RateEventDoc {
  key: string
  at: Date
}

const rateEventSchema = new Schema<RateEventDoc>({
  key: { type: String, required: true },
  at: { type: Date, required: true },
})
rateEventSchema.index({ key: 1, at: 1 })

export const rateEventModel = (connection: Connection): Model<RateEventDoc> =>
  connection.models['RateEvent'] ?? connection.model<RateEventDoc>('RateEvent', rateEventSchema)
