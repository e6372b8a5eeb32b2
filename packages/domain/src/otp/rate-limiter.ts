import type { Connection } from 'mongoose'
import { rateEventModel } from './rate-event-model.js'

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface RateLimit {
  limit: number
  windowMs: number
}

export interface RateLimiter {
  /**
   * Counts one event for `key` if it fits under the limit within the sliding window; a refused
   * event is not counted, so hammering a locked key does not extend its lock.
   */
  consume(key: string, rule: RateLimit, now: Date): Promise<RateDecision>
  /** Forgets a key's events (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>
}

export const createRateLimiter = (connection: Connection): RateLimiter => {
  const RateEvent = rateEventModel(connection)
  return {
    async consume(key, { limit, windowMs }, now) {
      const since = new Date(now.getTime() - windowMs)
      await RateEvent.deleteMany({ key, at: { $lte: since } })
      // Insert first, then count: concurrent requests (several api nodes) cannot all slip under
      // the limit between a count and an insert.
      const event = await RateEvent.create({ key, at: now })
      const recent = await RateEvent.find({ key, at: { $gt: since } })
        .sort({ at: 1, _id: 1 })
        .select({ at: 1 })
        .lean()
      const position = recent.findIndex((e) => e._id.equals(event._id))
      if (position >= 0 && position < limit) return { allowed: true }
      await RateEvent.deleteOne({ _id: event._id })
      // The next slot frees when the oldest event still counted leaves the window.
      const others = recent.filter((e) => !e._id.equals(event._id))
      const oldest = others[Math.max(0, others.length - limit)] ?? others[0]
      const freeAt = (oldest?.at.getTime() ?? now.getTime()) + windowMs
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
      }
    },
    async reset(key) {
      await RateEvent.deleteMany({ key })
    },
  }
}
