import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'
import { duplicatePositions, isDuplicateKey } from '../database.js'
import { inboxEntryModel } from './inbox-model.js'
import type { InboxEntryDoc } from './inbox-model.js'

/**
 * The number of inbox entries in each scope of each user's wall (docs/data-model.md, "Wall
 * counters"): a count is one read by key, however long the inbox. Counters move when entries
 * are really inserted (insertEntries), never on a retry that finds them there; a recount
 * (recountWall) sets them from the entries themselves.
 */
export interface WallCountDoc {
  /** countKey(phone, scope). */
  _id: string
  phone: string
  n: number
}

/** The scope of a counter, as the wall names its scopes. */
export type CountScope =
  { kind: 'general' } | { kind: 'contact'; phone: string } | { kind: 'group'; idGroup: string }

const wallCountSchema = new Schema<WallCountDoc>(
  {
    _id: { type: String, required: true },
    phone: { type: String, required: true },
    n: { type: Number, required: true, default: 0 },
  },
  { versionKey: false },
)
// A user's counters, for their recount.
wallCountSchema.index({ phone: 1 })

export const wallCountModel = (connection: Connection): Model<WallCountDoc> =>
  connection.models['WallCount'] ??
  connection.model<WallCountDoc>('WallCount', wallCountSchema, 'wall_counts')

/** Phones are digits and folder ids have no space: the key reads back unambiguously. */
export const countKey = (phone: string, scope: CountScope): string =>
  scope.kind === 'contact'
    ? `${phone} contact ${scope.phone}`
    : scope.kind === 'group'
      ? `${phone} folder ${scope.idGroup}`
      : `${phone} all`

type Scoped = Pick<InboxEntryDoc, 'phone' | 'peers' | 'groupIds'>

/** The counters an entry is counted in: its user's general one, each contact's, each folder's. */
const keysOf = ({ phone, peers, groupIds }: Scoped): string[] => [
  countKey(phone, { kind: 'general' }),
  ...new Set(peers.map((peer) => countKey(phone, { kind: 'contact', phone: peer }))),
  ...new Set(groupIds.map((idGroup) => countKey(phone, { kind: 'group', idGroup }))),
]

const phoneOfKey = (key: string): string => key.slice(0, key.indexOf(' '))

/** Writes of this many counters go in one command. */
const WRITE_BATCH = 1_000

const inBatches = async <T>(items: readonly T[], write: (batch: T[]) => Promise<unknown>) => {
  for (let i = 0; i < items.length; i += WRITE_BATCH) await write(items.slice(i, i + WRITE_BATCH))
}

/**
 * Counters in key order: writes of several processes that share counters take them in one
 * order, so they never wait on each other in a cycle (docs/database-engine.md, "Writes in one
 * order").
 */
const inKeyOrder = (deltas: Map<string, number>): [string, number][] =>
  [...deltas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

const increment = (WallCount: Model<WallCountDoc>, deltas: Map<string, number>) =>
  WallCount.bulkWrite(
    inKeyOrder(deltas).map(([_id, n]) => ({
      updateOne: { filter: { _id }, update: { $inc: { n } } },
    })),
    { ordered: false },
  )

/** Past this many known counters a process forgets them all and learns them again. */
const KNOWN_MAX = 200_000

/**
 * The counters this process knows exist. Counters are never removed, so a key once seen stays
 * true; only a database emptied or restored under a running process breaks that, which the
 * increment's matched count reveals (countInserted).
 */
const knownCounters = new WeakMap<Model<WallCountDoc>, Set<string>>()

const knownOf = (WallCount: Model<WallCountDoc>): Set<string> => {
  let keys = knownCounters.get(WallCount)
  if (!keys || keys.size > KNOWN_MAX) knownCounters.set(WallCount, (keys = new Set()))
  return keys
}

/** Forgets the counters a process knew: for tests that empty the database between cases. */
export const forgetKnownCounters = (connection: Connection): void => {
  knownCounters.delete(wallCountModel(connection))
}

/**
 * Makes the counters of these keys, each at its delta, by plain inserts: a racing insert fails
 * on the `_id` (FerretDB does not apply racing upserts of a missing document one after another,
 * docs/database-engine.md). Answers the keys that were there already, whose deltas are still to
 * be added.
 */
const createWith = async (
  WallCount: Model<WallCountDoc>,
  deltas: Map<string, number>,
): Promise<Map<string, number>> => {
  const rows = inKeyOrder(deltas).map(([key, n]) => ({ _id: key, phone: phoneOfKey(key), n }))
  try {
    await WallCount.insertMany(rows, { ordered: false, lean: true })
    return new Map()
  } catch (error) {
    const taken = duplicatePositions(error, rows.length)
    if (!taken) throw error
    return new Map(rows.filter((_, i) => taken.has(i)).map((row) => [row._id, row.n]))
  }
}

/**
 * Adds deltas to counters. Those this process knows exist are incremented, the others made at
 * their delta, both in one round trip; an unknown one that existed after all (made by another
 * process, or before a restart) is then incremented. Should a counter the process knew have
 * gone, which increments applied is unknown, and the users concerned are recounted.
 */
const applyDeltas = async (WallCount: Model<WallCountDoc>, deltas: Map<string, number>) => {
  const keys = knownOf(WallCount)
  const known = new Map<string, number>()
  const unknown = new Map<string, number>()
  for (const [key, n] of deltas) (keys.has(key) ? known : unknown).set(key, n)
  const [incremented, existing] = await Promise.all([
    known.size > 0 ? increment(WallCount, known) : undefined,
    unknown.size > 0 ? createWith(WallCount, unknown) : new Map<string, number>(),
  ])
  for (const key of unknown.keys()) keys.add(key)
  const missed = existing.size > 0 ? await increment(WallCount, existing) : undefined
  if (
    (incremented?.matchedCount ?? known.size) === known.size &&
    (missed?.matchedCount ?? existing.size) === existing.size
  )
    return
  knownCounters.delete(WallCount)
  await recountWall(WallCount.db, [...new Set([...deltas.keys()].map(phoneOfKey))])
}

/** A process's counter writes: while one is under way, the next ones gather into one. */
interface CountQueue {
  writing: boolean
  next: { deltas: Map<string, number>; resolve(): void; reject(error: unknown): void }[]
}

const queues = new WeakMap<Model<WallCountDoc>, CountQueue>()

const drain = async (WallCount: Model<WallCountDoc>, queue: CountQueue) => {
  queue.writing = true
  while (queue.next.length > 0) {
    const batch = queue.next.splice(0)
    const deltas = new Map<string, number>()
    for (const part of batch)
      for (const [key, n] of part.deltas) deltas.set(key, (deltas.get(key) ?? 0) + n)
    try {
      await applyDeltas(WallCount, deltas)
      for (const part of batch) part.resolve()
    } catch (error) {
      for (const part of batch) part.reject(error)
    }
  }
  queue.writing = false
}

/**
 * Counts entries just inserted, and resolves once their counters hold them. Posts counted while
 * an earlier write is under way are written together when it ends (a group commit): one post at
 * a time costs one round trip, many at once share theirs.
 */
export const countInserted = (
  WallCount: Model<WallCountDoc>,
  entries: readonly Scoped[],
): Promise<void> => {
  const deltas = new Map<string, number>()
  for (const entry of entries)
    for (const key of keysOf(entry)) deltas.set(key, (deltas.get(key) ?? 0) + 1)
  if (deltas.size === 0) return Promise.resolve()
  let queue = queues.get(WallCount)
  if (!queue) queues.set(WallCount, (queue = { writing: false, next: [] }))
  const waiting = queue
  return new Promise<void>((resolve, reject) => {
    waiting.next.push({ deltas, resolve, reject })
    if (!waiting.writing) void drain(WallCount, waiting)
  })
}

/** The count of a scope: 0 for a scope with no counter (no entry was ever counted in it). */
export const readCount = async (
  WallCount: Model<WallCountDoc>,
  phone: string,
  scope: CountScope,
): Promise<number> => {
  const counter = await WallCount.findById(countKey(phone, scope)).select({ n: 1 }).lean()
  return counter?.n ?? 0
}

/** Grouped counts of the entries matched by `match`, one aggregation per kind of scope. */
const countEntries = async (
  Inbox: Model<InboxEntryDoc>,
  match: Record<string, unknown>,
): Promise<Map<string, number>> => {
  const counts = new Map<string, number>()
  const general = await Inbox.aggregate<{ _id: string; n: number }>([
    { $match: match },
    { $group: { _id: '$phone', n: { $sum: 1 } } },
  ])
  for (const { _id, n } of general) counts.set(countKey(_id, { kind: 'general' }), n)
  for (const [field, kind] of [
    ['peers', 'contact'],
    ['groupIds', 'group'],
  ] as const) {
    const grouped = await Inbox.aggregate<{ _id: { phone: string; of: string }; n: number }>([
      { $match: match },
      { $unwind: `$${field}` },
      { $group: { _id: { phone: '$phone', of: `$${field}` }, n: { $sum: 1 } } },
    ])
    for (const { _id, n } of grouped) {
      const scope: CountScope =
        kind === 'contact' ? { kind, phone: _id.of } : { kind, idGroup: _id.of }
      counts.set(countKey(_id.phone, scope), n)
    }
  }
  return counts
}

export interface Recounted {
  /** Counters read from the entries (those of scopes now empty included). */
  counters: number
  /** Of them, those whose stored value was wrong (or missing) and was set. */
  repaired: number
}

/**
 * Sets the counters of some users (every user when `phones` is not given) from their entries:
 * after a crash between an insert and its count, after re-keying phones, on demand
 * (docs/operations.md, "Wall counters"). A scope whose entries all went is set to 0. Exact for a
 * user into whose inbox nothing is written while it runs; a post arriving meanwhile may be
 * counted twice or not at all, and the next recount repairs it.
 */
export const recountWall = async (
  connection: Connection,
  phones?: readonly string[],
): Promise<Recounted> => {
  const Inbox = inboxEntryModel(connection)
  const WallCount = wallCountModel(connection)
  const match = phones ? { phone: { $in: [...phones] } } : {}
  const fresh = await countEntries(Inbox, match)
  const stored = new Map(
    (await WallCount.find(match).lean()).map((counter) => [counter._id, counter.n]),
  )
  for (const key of stored.keys()) if (!fresh.has(key)) fresh.set(key, 0)
  const wrong = [...fresh].filter(([key, n]) => stored.get(key) !== n)
  // Missing counters are made at their value; one made meanwhile by a post is set below.
  const existed: [string, number][] = []
  await inBatches(
    wrong.filter(([key]) => !stored.has(key)),
    async (batch) => existed.push(...(await createWith(WallCount, new Map(batch)))),
  )
  const taken = new Set(existed.map(([key]) => key))
  await inBatches(
    wrong.filter(([key]) => stored.has(key) || taken.has(key)),
    (batch) =>
      WallCount.bulkWrite(
        batch.map(([_id, n]) => ({ updateOne: { filter: { _id }, update: { $set: { n } } } })),
        { ordered: false },
      ),
  )
  return { counters: fresh.size, repaired: wrong.length }
}

/** The marker of a database whose counters were made: the recount below runs once. */
const COUNTED = '#counted'

/**
 * Gives a database whose entries were written before counters existed its counters, as the api
 * starts: one recount of every user, then a marker, so later starts read one document. Returns
 * how many counters it set (0 when the marker was there).
 */
export const addWallCounts = async (connection: Connection): Promise<number> => {
  const WallCount = wallCountModel(connection)
  if (await WallCount.exists({ _id: COUNTED })) return 0
  const { repaired } = await recountWall(connection)
  await WallCount.create({ _id: COUNTED, phone: COUNTED, n: 0 }).catch((error: unknown) => {
    if (!isDuplicateKey(error)) throw error
  })
  return repaired
}
