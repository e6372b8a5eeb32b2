import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/**
 * A rate limit of `limit` events per window is `limit` slot documents per key, `<key>#0` to
 * `<key>#<limit - 1>`. Counting an event takes one free slot with a single-document write (a
 * guarded update, or an insert that collides on `_id` while the slot is taken), so concurrent
 * requests from any number of api nodes can never take more than `limit` of them: the engine
 * applies writes to one document one after another (docs/database-engine.md, "What an engine
 * must give").
 */
export interface RateSlotDoc {
  /** `<key>#<index>`. */
  _id: string
  key: string
  /** When the event that holds the slot happened. */
  at: Date
  /** `at` + the window: the slot is free again from then on. */
  freeAt: Date
}

const rateSlotSchema = new Schema<RateSlotDoc>(
  {
    _id: { type: String, required: true },
    key: { type: String, required: true },
    at: { type: Date, required: true },
    freeAt: { type: Date, required: true },
  },
  { versionKey: false },
)
// A key's slots, read in one query (and all forgotten at once by reset).
rateSlotSchema.index({ key: 1 })
// A free slot is as good as a missing one: the server removes it once its window has passed.
rateSlotSchema.index({ freeAt: 1 }, { expireAfterSeconds: 0 })

export const rateSlotModel = (connection: Connection): Model<RateSlotDoc> =>
  connection.models['RateSlot'] ??
  connection.model<RateSlotDoc>('RateSlot', rateSlotSchema, 'rate_slots')

export const rateSlotId = (key: string, index: number): string => `${key}#${index}`
