import { deliveryCodes, hasSeen, markOf } from '@palabre/contracts'
import type { Model } from 'mongoose'
import type { Sequencer } from '../sync/sequencer.js'
import { entryId } from './inbox-model.js'
import type { InboxEntryDoc } from './inbox-model.js'
import type { PostDoc } from './post-model.js'
import { entriesFor, insertEntries } from './send-post.js'
import { driverCollection } from '../database.js'

export interface MarkDeps {
  Post: Model<PostDoc>
  Inbox: Model<InboxEntryDoc>
  sequencer: Sequencer
  clock: () => Date
}

export interface MarkChange {
  /** The post's sender, to notify. */
  sender: string
  idPostEmet: string
}

/** Recipients whose sockets received a post, and its sender to tell. */
export interface DeliveredChange extends MarkChange {
  /** The recipients newly marked delivered (those already delivered or seen are left out). */
  recipients: string[]
}

type SenderChange = Pick<DeliveredChange, 'idPostEmet' | 'sender'>

/** The key of each sender's entry, once. */
const senderKeysOf = (changes: readonly SenderChange[]) => [
  ...new Set(changes.map((c) => entryId(c.idPostEmet, c.sender))),
]

/** The writes giving senders' entries their new sequences (those of `seqs`, by entry key). */
const senderTouches = (keys: readonly string[], seqs: ReadonlyMap<string, number>, seqAt: Date) =>
  keys.map((_id) => {
    const seq = seqs.get(_id) ?? 0
    return { updateOne: { filter: { _id, seq: { $lt: seq } }, update: { $set: { seq, seqAt } } } }
  })

/**
 * The senders' entries show every recipient's marks: a new sequence makes GET /api/sync return
 * them. One sequence command and one write for all the entries of a batch.
 */
const touchSenderEntries = async (
  { Inbox, sequencer, clock }: MarkDeps,
  changes: readonly SenderChange[],
) => {
  if (changes.length === 0) return
  const keys = senderKeysOf(changes)
  const seqs = await sequencer.nextFor(keys)
  await driverCollection(Inbox).bulkWrite(senderTouches(keys, seqs, clock()), { ordered: false })
}

/** Recipients whose sockets received one post; its sender when the caller has it. */
export interface Received {
  idPostEmet: string
  recipients: readonly string[]
  sender?: string
}

/**
 * Recipients' sockets received posts: delivred 2, never lowering a seen mark. Taken in batches
 * of every post acknowledged together (a folder post's acknowledgements arrive at once, and so
 * do those of many posts under load): a few point writes of the marks by key, or past those one
 * read of the marks not yet delivered; meanwhile one sequence command for the senders' entries;
 * then one write of the senders' entries (with the marks read, first), whatever the batch's
 * size. The posts are read for their senders only where the caller has none (the node that
 * delivered a post has it).
 */
export const markDeliveredMany = async (
  deps: MarkDeps,
  batch: readonly Received[],
): Promise<DeliveredChange[]> => {
  const unknown = batch.filter((b) => b.sender === undefined).map((b) => b.idPostEmet)
  const read =
    unknown.length === 0
      ? []
      : await deps.Post.find({ _id: { $in: [...new Set(unknown)] } })
          .select({ emetr_phone: 1 })
          .lean<Pick<PostDoc, '_id' | 'emetr_phone'>[]>()
  const senders = new Map(read.map((post) => [post._id, post.emetr_phone]))
  for (const b of batch) if (b.sender !== undefined) senders.set(b.idPostEmet, b.sender)
  const keys = new Set<string>()
  for (const { idPostEmet, recipients } of batch) {
    const sender = senders.get(idPostEmet)
    if (sender === undefined) continue
    for (const phone of recipients) if (phone !== sender) keys.add(entryId(idPostEmet, phone))
  }
  if (keys.size === 0) return []
  // The senders' sequences are taken while the marks are looked for: a post none of whose
  // marks is new leaves its sequence unused, a gap no catch-up minds (docs/realtime.md).
  const candidates = senderKeysOf(
    batch.flatMap(({ idPostEmet }) => {
      const sender = senders.get(idPostEmet)
      return sender === undefined ? [] : [{ idPostEmet, sender }]
    }),
  )
  const pointWrites = keys.size <= POINT_WRITES
  const [fresh, seqs] = await Promise.all([
    pointWrites ? markEach(deps, [...keys]) : undelivered(deps, [...keys]),
    deps.sequencer.nextFor(candidates),
  ])
  const byPost = new Map<string, string[]>()
  for (const entry of fresh) {
    const list = byPost.get(entry.idPostEmet) ?? []
    list.push(entry.phone)
    byPost.set(entry.idPostEmet, list)
  }
  const changes = [...byPost].map(([idPostEmet, recipients]) => ({
    sender: senders.get(idPostEmet) ?? '',
    idPostEmet,
    recipients,
  }))
  if (changes.length === 0) return []
  await writeMarks(deps, pointWrites ? [] : fresh, changes, seqs)
  return changes
}

/** One post's batch of recipients (markDeliveredMany of one). */
export const markDelivered = async (
  deps: MarkDeps,
  recipients: readonly string[],
  idPostEmet: string,
): Promise<DeliveredChange | null> =>
  (await markDeliveredMany(deps, [{ idPostEmet, recipients }]))[0] ?? null

/**
 * Up to this many recipients, one atomic update per entry key, which tells exactly which entries
 * this batch marked. Beyond, one read and one update of all the keys (`_id: {$in}`, a range of
 * the primary index): two round trips instead of hundreds, though two racing batches may then
 * both report an entry (its sender is told twice).
 */
const POINT_WRITES = 20
// A sender's own entry is never a delivery.
const notDelivered = {
  role: 'recipient' as const,
  delivred: { $lt: deliveryCodes.deliveredCallback },
}
const delivered = { $max: { delivred: deliveryCodes.deliveredCallback } }

type Marked = Pick<InboxEntryDoc, '_id' | 'phone' | 'idPostEmet'>
const marked = { phone: 1, idPostEmet: 1 } as const

const markEach = async ({ Inbox }: MarkDeps, keys: string[]): Promise<Marked[]> => {
  const updated = await Promise.all(
    keys.map((_id) =>
      Inbox.findOneAndUpdate({ _id, ...notDelivered }, delivered)
        .select(marked)
        .lean<Marked>(),
    ),
  )
  return updated.filter((entry): entry is Marked => entry !== null)
}

/** The entries of `keys` not delivered yet. */
const undelivered = ({ Inbox }: MarkDeps, keys: string[]): Promise<Marked[]> =>
  Inbox.find({ _id: { $in: keys }, ...notDelivered })
    .select(marked)
    .lean<Marked[]>()
    .exec()

/** The write that marks `entries` delivered, still only those not delivered yet. */
const markAll = (entries: readonly Marked[]) => ({
  updateMany: {
    filter: { _id: { $in: entries.map((e) => e._id) }, ...notDelivered },
    update: delivered,
  },
})

/**
 * The marks of `entries` read as not delivered yet, and the senders' entries of `changes` with
 * their new sequences (`seqs`, by entry key): one command, the marks first.
 */
const writeMarks = (
  deps: MarkDeps,
  entries: readonly Marked[],
  changes: readonly SenderChange[],
  seqs: ReadonlyMap<string, number>,
) =>
  driverCollection(deps.Inbox).bulkWrite(
    [
      ...(entries.length > 0 ? [markAll(entries)] : []),
      ...senderTouches(senderKeysOf(changes), seqs, deps.clock()),
    ],
    { ordered: true },
  )

/**
 * The entry of a participant, written first when the seen event beat the post's own entries (the
 * post reaches recipients while its entries are being written, and a seen event may go to
 * another node): created as the post would have it, so the mark is kept whatever the order
 * (docs/realtime.md, "Delivery marks"). Null when the viewer takes no part in the post.
 */
const entryOrCreate = async (
  deps: MarkDeps,
  viewer: string,
  idPostEmet: string,
): Promise<InboxEntryDoc | null> => {
  const _id = entryId(idPostEmet, viewer)
  const entry = await deps.Inbox.findOne({ _id }).lean<InboxEntryDoc>()
  if (entry) return entry
  const post = await deps.Post.findOne({ _id: idPostEmet }).lean<PostDoc>()
  if (!post?.participants.includes(viewer)) return null
  const seqs = await deps.sequencer.nextFor([viewer])
  await insertEntries(deps.Inbox, entriesFor(post, [viewer], seqs, deps.clock()))
  return deps.Inbox.findOne({ _id }).lean<InboxEntryDoc>()
}

/** One person who saw one post. */
export interface Seen {
  viewer: string
  idPostEmet: string
}

/** A seen mark newly set: who saw the post, and its sender to tell. */
export interface SeenChange extends MarkChange {
  viewer: string
}

/**
 * The one seen rule (docs/realtime.md, "Delivery marks"), for entries already read: a
 * recipient's seen mark (4, on the web channel or the other) and, for anyone, the unread count
 * back to 0 and the post no longer unread. Entries it changes nothing on are left alone; the
 * others get a new sequence each (one command), then one write for them all, then one for the
 * senders' entries of the marks that are new. Returns those, to tell each sender.
 */
const seeEntries = async (
  deps: MarkDeps,
  entries: readonly InboxEntryDoc[],
  channel: 'web' | 'mobile',
): Promise<SeenChange[]> => {
  const { field, code } = markOf({ kind: 'seen', channel })
  const isNewlySeen = (entry: InboxEntryDoc) => entry.role === 'recipient' && entry[field] < code
  const changed = entries.filter((e) => isNewlySeen(e) || e.cmtnonlu !== 0 || e.unread)
  if (changed.length === 0) return []
  const seqs = await deps.sequencer.nextFor(changed.map((e) => e._id))
  const seqAt = deps.clock()
  await driverCollection(deps.Inbox).bulkWrite(
    changed.map((entry) => ({
      updateOne: {
        filter: { _id: entry._id },
        update: {
          // `$max`: a mark only goes up, whatever raced it.
          $set: { cmtnonlu: 0, unread: false },
          $max: {
            seq: seqs.get(entry._id) ?? 0,
            seqAt,
            ...(isNewlySeen(entry) ? { [field]: code } : {}),
          },
        },
      },
    })),
    { ordered: false },
  )
  const seen = changed.filter(isNewlySeen)
  if (seen.length === 0) return []
  const posts = await deps.Post.find({ _id: { $in: [...new Set(seen.map((e) => e.idPostEmet))] } })
    .select({ emetr_phone: 1 })
    .lean<Pick<PostDoc, '_id' | 'emetr_phone'>[]>()
  const senders = new Map(posts.map((post) => [post._id, post.emetr_phone]))
  const changes = seen.flatMap((entry) => {
    const sender = senders.get(entry.idPostEmet)
    return sender === undefined
      ? []
      : [{ sender, idPostEmet: entry.idPostEmet, viewer: entry.phone }]
  })
  await touchSenderEntries(deps, changes)
  return changes
}

/**
 * The viewer opened the post: seen by the one rule (seeEntries), its entry written first when
 * the seen event beat it. Returns the sender to notify when the mark is new.
 */
export const markSeen = async (
  deps: MarkDeps,
  viewer: string,
  idPostEmet: string,
  channel: 'web' | 'mobile',
): Promise<MarkChange | null> => {
  const entry = await entryOrCreate(deps, viewer, idPostEmet)
  if (!entry) return null
  const [change] = await seeEntries(deps, [entry], channel)
  return change ? { sender: change.sender, idPostEmet: change.idPostEmet } : null
}

/**
 * Many people saw many posts (a repair of stored entries, docs/announcements.md, "Confirming"):
 * the one rule of markSeen, in one read of the entries by key and the writes of seeEntries.
 * Entries that do not exist are skipped, not made.
 */
export const markSeenMany = async (
  deps: MarkDeps,
  seen: readonly Seen[],
  channel: 'web' | 'mobile',
): Promise<SeenChange[]> => {
  const keys = [...new Set(seen.map((s) => entryId(s.idPostEmet, s.viewer)))]
  if (keys.length === 0) return []
  const entries = await deps.Inbox.find({ _id: { $in: keys } }).lean<InboxEntryDoc[]>()
  return seeEntries(deps, entries, channel)
}

/**
 * Posts the viewer's client now holds because it read them (a page of the wall, a search, one
 * post, the catch-up): each one they received is delivered (2) if it was not yet, and each
 * sender's entry gets a new sequence, all in one write. Returns what to tell each sender
 * (docs/realtime.md, "Delivery marks"). Reading for an export must not call this.
 */
export const markDeliveredOnRead = async (
  deps: MarkDeps,
  viewer: string,
  idPostEmets: readonly string[],
): Promise<DeliveredChange[]> => {
  const keys = [...new Set(idPostEmets)].map((id) => entryId(id, viewer))
  if (keys.length === 0) return []
  const fresh = await undelivered(deps, keys)
  if (fresh.length === 0) return []
  const posts = await deps.Post.find({ _id: { $in: fresh.map((e) => e.idPostEmet) } })
    .select({ emetr_phone: 1, idPostEmet: 1 })
    .lean<Pick<PostDoc, 'emetr_phone' | 'idPostEmet'>[]>()
  const changes = posts.map((p) => ({
    sender: p.emetr_phone,
    idPostEmet: p.idPostEmet,
    recipients: [viewer],
  }))
  await writeMarks(deps, fresh, changes, await deps.sequencer.nextFor(senderKeysOf(changes)))
  return changes
}

/** The viewer read the post's comments: its unread count back to 0. */
export const resetUnread = async (
  deps: MarkDeps,
  viewer: string,
  idPostEmet: string,
): Promise<void> => {
  const _id = entryId(idPostEmet, viewer)
  const entry = await deps.Inbox.findOne({ _id }).lean<InboxEntryDoc>()
  if (!entry || entry.cmtnonlu === 0) return
  // A recipient who never saw the post itself keeps it marked new.
  const stillNew = entry.role === 'recipient' && !hasSeen(entry)
  const seq = await deps.sequencer.next(viewer)
  await deps.Inbox.updateOne(
    { _id },
    { $set: { cmtnonlu: 0, unread: stillNew }, $max: { seq, seqAt: deps.clock() } },
  )
}
