import type { Connection } from 'mongoose'
import { prefixPattern } from '../contacts/literal-pattern.js'
import { rateSlotId, rateSlotModel } from './rate-slot-model.js'
import type { RateSlotDoc } from './rate-slot-model.js'
import { isDuplicateKey } from '../database.js'

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
  /** Forgets the events of a key and of every key under it (`<key>:…`). */
  resetTree(key: string): Promise<void>
}

/** The free slots from a random one on, so racing calls rarely try the same slot first. */
const rotated = <T>(items: T[]): T[] => {
  const start = Math.floor(Math.random() * items.length)
  return [...items.slice(start), ...items.slice(0, start)]
}

/**
 * Exact under concurrency: an event takes one of the key's `limit` slots (see rate-slot-model),
 * each taken by one atomic write, and a slot stays taken for a whole window. However many
 * requests race, at most `limit` events are allowed in any window.
 */
export const createRateLimiter = (connection: Connection): RateLimiter => {
  const RateSlot = rateSlotModel(connection)

  /** When each slot of a key frees, by slot id; a missing slot is free. */
  const freeTimesOf = async (key: string): Promise<Map<string, number>> => {
    const slots = await RateSlot.find({ key })
      .select({ freeAt: 1 })
      .lean<Pick<RateSlotDoc, '_id' | 'freeAt'>[]>()
    return new Map(slots.map((slot) => [slot._id, slot.freeAt.getTime()]))
  }

  /**
   * Takes a slot free at `now`: an existing one by a guarded update, a missing one (never used,
   * or removed by the TTL monitor) by a plain insert, which fails on `_id` if another request
   * inserted it first. No upsert: see docs/database-engine.md on racing upserts.
   */
  const take = async (id: string, key: string, now: Date, windowMs: number, exists: boolean) => {
    const slot = { key, at: now, freeAt: new Date(now.getTime() + windowMs) }
    if (exists) {
      const result = await RateSlot.updateOne({ _id: id, freeAt: { $lte: now } }, { $set: slot })
      if (result.modifiedCount === 1) return true
    }
    try {
      await RateSlot.create({ _id: id, ...slot })
      return true
    } catch (error) {
      if (isDuplicateKey(error)) return false
      throw error
    }
  }

  return {
    async consume(key, { limit, windowMs }, now) {
      const ids = Array.from({ length: limit }, (_, i) => rateSlotId(key, i))
      const slots = await freeTimesOf(key)
      const free = ids.filter((id) => (slots.get(id) ?? 0) <= now.getTime())
      for (const id of rotated(free))
        if (await take(id, key, now, windowMs, slots.has(id))) return { allowed: true }
      // Every slot is taken (some by racing calls that beat this one): the next event may come
      // when the first of them frees.
      const taken = await freeTimesOf(key)
      const freeAt = Math.min(...ids.map((id) => taken.get(id) ?? now.getTime()))
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
      }
    },
    async reset(key) {
      await RateSlot.deleteMany({ key })
    },
    async resetTree(key) {
      await RateSlot.deleteMany({
        $or: [{ key }, { key: prefixPattern(`${key}:`) }],
      })
    },
  }
}
