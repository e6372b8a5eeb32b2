import type { Connection } from 'mongoose'
import { sequenceModel } from './sequence-model.js'
import { isDuplicateKey } from '../database.js'
import { groupCommit } from '../group-commit.js'

export interface Sequencer {
  /** A new change sequence for one user: higher than every sequence handed out before it. */
  next(phone: string): Promise<number>
  /** A new sequence for each user of a list, by phone: one database command for all of them. */
  nextFor(phones: readonly string[]): Promise<Map<string, number>>
  /** The highest sequence handed out so far (0 when none yet). */
  current(): Promise<number>
}

/** The one counter every change sequence comes from (docs/realtime.md, "Catch-up"). */
const CLOCK = '*'

/**
 * Change sequences from one counter for everybody (docs/realtime.md, "Catch-up"): a list of n
 * users gets n consecutive numbers from one atomic `$inc` of n, so a post to 200 people costs
 * one command instead of 201. Each user's sequences still only grow, which is all the catch-up
 * needs (it asks for one user's entries after a number); they are no longer consecutive for one
 * user.
 */
export const createSequencer = (connection: Connection): Sequencer => {
  const Sequence = sequenceModel(connection)
  const take = (count: number) =>
    Sequence.findOneAndUpdate({ _id: CLOCK }, { $inc: { seq: count } }, { new: true, lean: true })
  /**
   * The counter's first use. It starts above every sequence handed out before it existed (the
   * former counters of one user each, still in the collection), so no user's sequence goes
   * back. Made by a plain insert (racing ones collide on _id), never by an upserting `$inc`,
   * which FerretDB 2.7 does not apply one after another when the document is missing
   * (docs/database-engine.md).
   */
  const start = async () => {
    const [highest] = await Sequence.find({ _id: { $ne: CLOCK } })
      .sort({ seq: -1 })
      .limit(1)
      .lean()
    await Sequence.create({ _id: CLOCK, seq: highest?.seq ?? 0 }).catch((error: unknown) => {
      if (!isDuplicateKey(error)) throw error
    })
  }
  /** The last of `count` new consecutive sequences. */
  const takeLast = async (count: number): Promise<number> => {
    let counter = await take(count)
    if (!counter) {
      await start()
      counter = await take(count)
    }
    if (!counter) throw new Error('no change-sequence counter')
    return counter.seq
  }
  /**
   * The last of `count` new consecutive sequences, from a group commit (docs/database-engine.md,
   * "Group commits"): asks that come while a take is under way share the next, each its own
   * consecutive part of it, in the order they came.
   */
  const takeShared = groupCommit(async (counts: number[]) => {
    const total = counts.reduce((sum, count) => sum + count, 0)
    let end = (await takeLast(total)) - total
    return counts.map((count) => (end += count))
  })
  const nextFor = async (phones: readonly string[]): Promise<Map<string, number>> => {
    const distinct = [...new Set(phones)]
    const result = new Map<string, number>()
    if (distinct.length === 0) return result
    const last = await takeShared(distinct.length)
    distinct.forEach((phone, i) => result.set(phone, last - distinct.length + 1 + i))
    return result
  }
  return {
    nextFor,
    async next(phone) {
      const seq = (await nextFor([phone])).get(phone)
      if (seq === undefined) throw new Error(`no change sequence for ${phone}`)
      return seq
    },
    async current() {
      const counter = await Sequence.findById(CLOCK).lean()
      return counter?.seq ?? 0
    },
  }
}
