import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'
import { isDuplicateKey, isOnlyDuplicates } from '../database.js'
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
 * Makes the counters of these keys that do not exist yet, at 0. By plain inserts, of which a
 * racing one fails on the `_id`: FerretDB does not apply racing upserts of a missing document
 * one after another (docs/database-engine.md).
 */
const createMissing = async (WallCount: Model<WallCountDoc>, keys: readonly string[]) => {
  const existing = new Set(
    (
      await WallCount.find({ _id: { $in: keys } })
        .select({ _id: 1 })
        .lean()
    ).map((c) => c._id),
  )
  const missing = keys.filter((key) => !existing.has(key))
  if (missing.length === 0) return
  await WallCount.insertMany(
    missing.map((key) => ({ _id: key, phone: phoneOfKey(key), n: 0 })),
    { ordered: false, lean: true },
  ).catch((error: unknown) => {
    if (!isOnlyDuplicates(error)) throw error
  })
}

const increment = (WallCount: Model<WallCountDoc>, deltas: Map<string, number>) =>
  WallCount.bulkWrite(
    [...deltas].map(([_id, n]) => ({ updateOne: { filter: { _id }, update: { $inc: { n } } } })),
    { ordered: false },
  )

/** Past this many known counters a process forgets them all and learns them again. */
const KNOWN_MAX = 200_000

/**
 * The counters this process knows exist. Counters are never removed, so a key once seen stays
 * true; only a database emptied or restored under a running process breaks that, which the
 * increment's matched count reveals (countInserted).
 */
const known = new WeakMap<Model<WallCountDoc>, Set<string>>()

const knownOf = (WallCount: Model<WallCountDoc>): Set<string> => {
  let keys = known.get(WallCount)
  if (!keys || keys.size > KNOWN_MAX) known.set(WallCount, (keys = new Set()))
  return keys
}

/** Forgets the counters a process knew: for tests that empty the database between cases. */
export const forgetKnownCounters = (connection: Connection): void => {
  known.delete(wallCountModel(connection))
}

/**
 * Counts entries just inserted. An `$inc` of a missing counter does nothing and an upserting one
 * is not safe while others race to create it (docs/database-engine.md), so each counter is made
 * first (createMissing) the first time this process meets it; then one command increments them
 * all: every post after a user's first in a scope costs that one command. Should a counter the
 * process knew have gone, which increments applied is unknown, and the users concerned are
 * recounted.
 */
export const countInserted = async (
  WallCount: Model<WallCountDoc>,
  entries: readonly Scoped[],
): Promise<void> => {
  const deltas = new Map<string, number>()
  for (const entry of entries)
    for (const key of keysOf(entry)) deltas.set(key, (deltas.get(key) ?? 0) + 1)
  if (deltas.size === 0) return
  const keys = knownOf(WallCount)
  const unknown = [...deltas.keys()].filter((key) => !keys.has(key))
  if (unknown.length > 0) {
    await createMissing(WallCount, unknown)
    for (const key of unknown) keys.add(key)
  }
  const { matchedCount } = await increment(WallCount, deltas)
  if (matchedCount === deltas.size) return
  known.delete(WallCount)
  await recountWall(WallCount.db, [...new Set([...deltas.keys()].map(phoneOfKey))])
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
  await inBatches(
    wrong.filter(([key]) => !stored.has(key)).map(([key]) => key),
    (keys) => createMissing(WallCount, keys),
  )
  await inBatches(wrong, (batch) =>
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
