import type { Connection } from 'mongoose'
import { forEachLimited, WRITE_CONCURRENCY } from './limited.js'
import { sequenceModel } from './sequence-model.js'
import { isDuplicateKey } from '../database.js'

export interface Sequencer {
  /** The next change sequence of one user (1, 2, 3…): an atomic increment. */
  next(phone: string): Promise<number>
  /** The next sequence of each user of a list, by phone. */
  nextFor(phones: readonly string[]): Promise<Map<string, number>>
  /** The last sequence handed out to a user (0 when none yet). */
  current(phone: string): Promise<number>
}

export const createSequencer = (connection: Connection): Sequencer => {
  const Sequence = sequenceModel(connection)
  const increment = (phone: string) =>
    Sequence.findOneAndUpdate({ _id: phone }, { $inc: { seq: 1 } }, { new: true, lean: true })
  const next = async (phone: string): Promise<number> => {
    let counter = await increment(phone)
    if (!counter) {
      // A user's first sequence. The counter is made by a plain insert (the racing ones collide
      // on _id), never by an upserting $inc, which FerretDB 2.7 does not apply one after another
      // when the document is missing (docs/database-engine.md).
      await Sequence.create({ _id: phone, seq: 0 }).catch((error: unknown) => {
        if (!isDuplicateKey(error)) throw error
      })
      counter = await increment(phone)
    }
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
