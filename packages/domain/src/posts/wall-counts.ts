import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'
import { driverCollection, duplicatePositions, isDuplicateKey } from '../database.js'
import { inboxEntryModel } from './inbox-model.js'
import type { InboxEntryDoc } from './inbox-model.js'
import type { WallScope } from './wall.js'

/**
 * The number of inbox entries in each scope of a user's wall (docs/data-model.md, "Wall
 * counters"), in one document per user: a count is one read by key, however long the inbox, and
 * a post's counts are one update per participant, whatever scopes it is in. Counters move when
 * entries are really inserted (insertEntries), never on a retry that finds them there; a recount
 * (recountWall) sets them from the entries themselves.
 */
export interface WallCountDoc {
  /** The user's phone. */
  _id: string
  /** The general wall. */
  n: number
  /** By contact: the contact's phone as a field name (fieldOf). */
  c: Record<string, number>
  /** By folder: the folder's id as a field name (fieldOf). */
  f: Record<string, number>
}

const wallCountSchema = new Schema<WallCountDoc>(
  {
    _id: { type: String, required: true },
    n: { type: Number, required: true, default: 0 },
    c: { type: Schema.Types.Mixed, default: {} },
    f: { type: Schema.Types.Mixed, default: {} },
  },
  { versionKey: false, minimize: false },
)

export const wallCountModel = (connection: Connection): Model<WallCountDoc> =>
  connection.models['WallCount'] ??
  connection.model<WallCountDoc>('WallCount', wallCountSchema, 'wall_counts')

/** An id as a field name: '%', '.' and '$' escaped, so none reads as a path or an operator. */
const fieldOf = (id: string): string =>
  id.replace(/[%.$]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** Where a scope's count is in its user's document. */
const pathOf = (scope: WallScope): string =>
  scope.kind === 'contact'
    ? `c.${fieldOf(scope.phone)}`
    : scope.kind === 'group'
      ? `f.${fieldOf(scope.idGroup)}`
      : 'n'

/** Counts to add, or counts, by user and then by path in the user's document. */
type Counts = Map<string, Map<string, number>>

const add = (counts: Counts, phone: string, path: string, n: number) => {
  let paths = counts.get(phone)
  if (!paths) counts.set(phone, (paths = new Map()))
  paths.set(path, (paths.get(path) ?? 0) + n)
}

type Scoped = Pick<InboxEntryDoc, 'phone' | 'peers' | 'groupIds'>

/** What entries add to their users' counters: the general one, each contact's, each folder's. */
const countsOf = (entries: readonly Scoped[]): Counts => {
  const counts: Counts = new Map()
  for (const { phone, peers, groupIds } of entries) {
    add(counts, phone, pathOf({ kind: 'general' }), 1)
    for (const peer of new Set(peers))
      add(counts, phone, pathOf({ kind: 'contact', phone: peer }), 1)
    for (const idGroup of new Set(groupIds))
      add(counts, phone, pathOf({ kind: 'group', idGroup }), 1)
  }
  return counts
}

/** A user's document holding these counts (own fields only: an id may be '__proto__'). */
const documentOf = (phone: string, paths: Map<string, number>): WallCountDoc => {
  const under = (prefix: 'c' | 'f') =>
    Object.fromEntries(
      [...paths]
        .filter(([path]) => path.startsWith(`${prefix}.`))
        .map(([path, n]) => [path.slice(2), n]),
    )
  return { _id: phone, n: paths.get('n') ?? 0, c: under('c'), f: under('f') }
}

/** The counts a user's document holds, by path. */
const pathsOf = (doc: Pick<WallCountDoc, 'n' | 'c' | 'f'>): Map<string, number> =>
  new Map([
    ['n', doc.n],
    ...Object.entries(doc.c ?? {}).map(([field, n]): [string, number] => [`c.${field}`, n]),
    ...Object.entries(doc.f ?? {}).map(([field, n]): [string, number] => [`f.${field}`, n]),
  ])

/** Writes of this many users' documents go in one command. */
const WRITE_BATCH = 1_000

const inBatches = async <T>(items: readonly T[], write: (batch: T[]) => Promise<unknown>) => {
  for (let i = 0; i < items.length; i += WRITE_BATCH) await write(items.slice(i, i + WRITE_BATCH))
}

/**
 * Users in the order of their phones: writes of several processes that share documents take
 * them in one order, so they never wait on each other in a cycle (docs/database-engine.md,
 * "Writes in one order").
 */
const inPhoneOrder = <T>(byPhone: Map<string, T>): [string, T][] =>
  [...byPhone].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

const increment = (WallCount: Model<WallCountDoc>, counts: Counts) =>
  driverCollection(WallCount).bulkWrite(
    inPhoneOrder(counts).map(([_id, paths]) => ({
      updateOne: { filter: { _id }, update: { $inc: Object.fromEntries(paths) } },
    })),
    { ordered: false },
  )

/** Past this many known documents a process forgets them all and learns them again. */
const KNOWN_MAX = 200_000

/**
 * The users whose document this process knows exists. Documents are never removed, so a user
 * once seen stays true; only a database emptied or restored under a running process breaks that,
 * which the increment's matched count reveals (applyCounts).
 */
const knownCounters = new WeakMap<Model<WallCountDoc>, Set<string>>()

const knownOf = (WallCount: Model<WallCountDoc>): Set<string> => {
  let phones = knownCounters.get(WallCount)
  if (!phones || phones.size > KNOWN_MAX) knownCounters.set(WallCount, (phones = new Set()))
  return phones
}

/** Forgets the documents a process knew: for tests that empty the database between cases. */
export const forgetKnownCounters = (connection: Connection): void => {
  knownCounters.delete(wallCountModel(connection))
}

/**
 * Makes the documents of these users, holding these counts, by plain inserts: a racing insert
 * fails on the `_id` (FerretDB does not apply racing upserts of a missing document one after
 * another, docs/database-engine.md). Answers the counts of the users whose document was there
 * already, still to be written.
 */
const createWith = async (WallCount: Model<WallCountDoc>, counts: Counts): Promise<Counts> => {
  const rows = inPhoneOrder(counts)
  try {
    await WallCount.insertMany(
      rows.map(([phone, paths]) => documentOf(phone, paths)),
      { ordered: false, lean: true },
    )
    return new Map()
  } catch (error) {
    const taken = duplicatePositions(error, rows.length)
    if (!taken) throw error
    return new Map(rows.filter((_, i) => taken.has(i)))
  }
}

/**
 * Adds counts to users' documents. Those this process knows exist are incremented, the others
 * made with the counts, both in one round trip; a document that existed after all (made by
 * another process, or before a restart) is then incremented. Should a document the process knew
 * have gone, which increments applied is unknown, and the users concerned are recounted.
 */
const applyCounts = async (WallCount: Model<WallCountDoc>, counts: Counts) => {
  const phones = knownOf(WallCount)
  const known: Counts = new Map()
  const unknown: Counts = new Map()
  for (const [phone, paths] of counts) (phones.has(phone) ? known : unknown).set(phone, paths)
  const [incremented, existing] = await Promise.all([
    known.size > 0 ? increment(WallCount, known) : undefined,
    unknown.size > 0 ? createWith(WallCount, unknown) : new Map<string, Map<string, number>>(),
  ])
  for (const phone of unknown.keys()) phones.add(phone)
  const late = existing.size > 0 ? await increment(WallCount, existing) : undefined
  if (
    (incremented?.matchedCount ?? known.size) === known.size &&
    (late?.matchedCount ?? existing.size) === existing.size
  )
    return
  knownCounters.delete(WallCount)
  await recountWall(WallCount.db, [...counts.keys()])
}

/**
 * Counts entries just inserted, and resolves once their users' documents hold them. Called by
 * the writer of entries (insertEntries), one batch at a time: the counts of the posts whose
 * entries went in one insert go in one write.
 */
export const countInserted = async (
  WallCount: Model<WallCountDoc>,
  entries: readonly Scoped[],
): Promise<void> => {
  const counts = countsOf(entries)
  if (counts.size > 0) await applyCounts(WallCount, counts)
}

/** The count of a scope: 0 where nothing was ever counted. */
export const readCount = async (
  WallCount: Model<WallCountDoc>,
  phone: string,
  scope: WallScope,
): Promise<number> => {
  const path = pathOf(scope)
  const doc = await WallCount.findById(phone)
    .select({ [path]: 1 })
    .lean<WallCountDoc>()
  return (doc ? pathsOf(doc).get(path) : undefined) ?? 0
}

/** The counts of the entries matched by `match`, one aggregation per kind of scope. */
const countEntries = async (
  Inbox: Model<InboxEntryDoc>,
  match: Record<string, unknown>,
): Promise<Counts> => {
  const counts: Counts = new Map()
  const general = await Inbox.aggregate<{ _id: string; n: number }>([
    { $match: match },
    { $group: { _id: '$phone', n: { $sum: 1 } } },
  ])
  for (const { _id, n } of general) add(counts, _id, pathOf({ kind: 'general' }), n)
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
      const scope: WallScope =
        kind === 'contact' ? { kind, phone: _id.of } : { kind, idGroup: _id.of }
      add(counts, _id.phone, pathOf(scope), n)
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

/** The marker of a database whose counters were made: the recount below runs once. */
const COUNTED = '#counted'

/**
 * Sets the counters of some users (every user when `phones` is not given) from their entries:
 * after a crash between an insert and its count, after re-keying phones, on demand
 * (docs/operations.md, "Wall counters"). A scope whose entries all went reads 0 again. Exact for
 * a user into whose inbox nothing is written while it runs; a post arriving meanwhile may be
 * counted twice or not at all, and the next recount repairs it.
 */
export const recountWall = async (
  connection: Connection,
  phones?: readonly string[],
): Promise<Recounted> => {
  const Inbox = inboxEntryModel(connection)
  const WallCount = wallCountModel(connection)
  const fresh = await countEntries(Inbox, phones ? { phone: { $in: [...phones] } } : {})
  const stored = new Map(
    (
      await WallCount.find(phones ? { _id: { $in: [...phones] } } : { _id: { $ne: COUNTED } }).lean<
        WallCountDoc[]
      >()
    ).map((doc): [string, Map<string, number>] => [doc._id, pathsOf(doc)]),
  )
  let counters = 0
  let repaired = 0
  const wrong: Counts = new Map()
  for (const phone of new Set([...fresh.keys(), ...stored.keys()])) {
    const now = fresh.get(phone) ?? new Map<string, number>()
    const before = stored.get(phone) ?? new Map<string, number>()
    const paths = new Set([...now.keys(), ...before.keys()])
    const off = [...paths].filter((path) => (now.get(path) ?? 0) !== before.get(path))
    counters += paths.size
    repaired += off.length
    if (off.length > 0) wrong.set(phone, now)
  }
  // A missing document is made; one there (or made meanwhile by a post) is set whole.
  const toSet: Counts = new Map()
  await inBatches(
    inPhoneOrder(wrong).filter(([phone]) => !stored.has(phone)),
    async (batch) => {
      for (const [phone, paths] of await createWith(WallCount, new Map(batch)))
        toSet.set(phone, paths)
    },
  )
  for (const [phone, paths] of wrong) if (stored.has(phone)) toSet.set(phone, paths)
  await inBatches(inPhoneOrder(toSet), (batch) =>
    WallCount.bulkWrite(
      batch.map(([_id, paths]) => {
        const { n, c, f } = documentOf(_id, paths)
        return { updateOne: { filter: { _id }, update: { $set: { n, c, f } } } }
      }),
      { ordered: false },
    ),
  )
  return { counters, repaired }
}

/**
 * Gives a database whose entries were written before counters existed its counters, as the api
 * starts: one recount of every user, then a marker, so later starts read one document. Returns
 * how many counters it set (0 when the marker was there).
 */
export const addWallCounts = async (connection: Connection): Promise<number> => {
  const WallCount = wallCountModel(connection)
  if (await WallCount.exists({ _id: COUNTED })) return 0
  const { repaired } = await recountWall(connection)
  await WallCount.create({ _id: COUNTED, n: 0, c: {}, f: {} }).catch((error: unknown) => {
    if (!isDuplicateKey(error)) throw error
  })
  return repaired
}
