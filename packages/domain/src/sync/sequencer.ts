import type { Connection } from 'mongoose'
import { forEachLimited, WRITE_CONCURRENCY } from './limited.js'
import { sequenceModel } from './sequence-model.js'

export interface Sequencer {
  /** The next change sequence of one user (1, 2, 3…): an atomic increment, upserted. */
  next(phone: string): Promise<number>
  /** The next sequence of each user of a list, by phone. */
  nextFor(phones: readonly string[]): Promise<Map<string, number>>
  /** The last sequence handed out to a user (0 when none yet). */
  current(phone: string): Promise<number>
}

export const createSequencer = (connection: Connection): Sequencer => {
  const Sequence = sequenceModel(connection)
  const next = async (phone: string): Promise<number> => {
    const counter = await Sequence.findOneAndUpdate(
      { _id: phone },
      { $inc: { seq: 1 } },
      { upsert: true, new: true, lean: true },
    )
    if (!counter) throw new Error(`no change sequence for ${phone}`)
    return counter.seq
  }
  return {
    next,
    async nextFor(phones) {
      const result = new Map<string, number>()
      await forEachLimited([...new Set(phones)], WRITE_CONCURRENCY, async (phone) => {
        result.set(phone, await next(phone))
      })
      return result
    },
    async current(phone) {
      const counter = await Sequence.findById(phone).lean()
      return counter?.seq ?? 0
    },
  }
}
