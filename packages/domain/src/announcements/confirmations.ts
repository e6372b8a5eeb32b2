import { deliveryCodes } from '@palabre/contracts'
import type { Connection, Model } from 'mongoose'
import { isDuplicateKey } from '../database.js'
import { repairModel } from '../files/repair-model.js'
import { inboxEntryModel } from '../posts/inbox-model.js'
import type { InboxEntryDoc } from '../posts/inbox-model.js'
import { markSeenMany } from '../posts/post-marks.js'
import { postModel } from '../posts/post-model.js'
import type { PostDoc } from '../posts/post-model.js'
import { createSequencer } from '../sync/sequencer.js'

/**
 * An announcement's confirmations (docs/announcements.md, "Confirming"), in one place. A
 * confirmation is a recipient's inbox entry with its `confirmedAt`: the report lists those. The
 * author's card reads their number from a counter on the post (`confirmedCount`), so a wall page
 * reads no entry of a large announcement; the first confirmation moves it. The two writes are
 * apart, so a server killed between them leaves the counter one low, and a recount sets it from
 * the entries again (docs/operations.md, "Wall counters").
 *
 * Confirming is reading: the confirmation marks the post seen for the recipient first, by the
 * seen rule of opening it (post-marks.ts). Confirmations stored before that rule get their seen
 * mark once, as the api starts (markConfirmedAnnouncementsSeen).
 */

/**
 * The channel whose seen mark a confirmation sets: the web's (`delivredtoWeb`), as the web app
 * is the client that confirms over REST; the original phone apps know no announcements.
 */
export const confirmChannel = 'web' as const

/** Whether a recipient's entry holds their confirmation. */
export const isConfirmed = <E extends Pick<InboxEntryDoc, 'confirmedAt'>>(
  entry: E,
): entry is E & { confirmedAt: Date } => entry.confirmedAt instanceof Date

/** The entries of an announcement's confirmations. */
const confirmationsOf = (idPostEmet: string) => ({
  idPostEmet,
  role: 'recipient',
  confirmedAt: { $exists: true },
})

/**
 * Confirms an entry at `at` unless it was confirmed before: true for the first confirmation
 * only, so a racing second one, from another tab, finds the time set and changes nothing.
 */
export const confirmEntry = async (
  Inbox: Model<InboxEntryDoc>,
  entryId: string,
  at: Date,
): Promise<boolean> => {
  const result = await Inbox.updateOne(
    { _id: entryId, confirmedAt: { $exists: false } },
    { $set: { confirmedAt: at }, $unset: { pinned: 1 } },
  )
  return result.modifiedCount === 1
}

/**
 * The announcement's count once a confirmation is stored: moved by the first one only, read as
 * it stands otherwise.
 */
export const confirmedCount = async (
  Post: Model<PostDoc>,
  idPostEmet: string,
  first: boolean,
): Promise<number> => {
  const post = first
    ? await Post.findOneAndUpdate(
        { _id: idPostEmet },
        { $inc: { confirmedCount: 1 } },
        { new: true, projection: { confirmedCount: 1 } },
      ).lean<Pick<PostDoc, 'confirmedCount'>>()
    : await Post.findOne({ _id: idPostEmet })
        .select({ confirmedCount: 1 })
        .lean<Pick<PostDoc, 'confirmedCount'>>()
  return post?.confirmedCount ?? 0
}

export interface RecountedConfirmations {
  /** Announcements whose confirmations were counted. */
  announcements: number
  /** Of them, those whose counter was wrong (or missing) and was set. */
  repaired: number
}

/**
 * Sets the confirmation counters of the announcements of some authors (every announcement when
 * `authors` is not given) from their entries. Each counter is set only if it still holds what
 * was read before counting, so a confirmation counted meanwhile is not taken back; one whose
 * entry was counted but whose increment came after the set is counted twice, which the next
 * recount repairs.
 */
export const recountConfirmations = async (
  connection: Connection,
  authors?: readonly string[],
): Promise<RecountedConfirmations> => {
  const Post = postModel(connection)
  const Inbox = inboxEntryModel(connection)
  const posts = await Post.find(
    authors
      ? // The author is among the participants, whose index narrows the search.
        {
          participants: { $in: [...authors] },
          emetr_phone: { $in: [...authors] },
          typePoste: 'announcement',
        }
      : { typePoste: 'announcement' },
  )
    .select({ _id: 1, confirmedCount: 1 })
    .lean<Pick<PostDoc, '_id' | 'confirmedCount'>[]>()
  let repaired = 0
  for (const { _id, confirmedCount: stored } of posts) {
    const counted = await Inbox.countDocuments(confirmationsOf(_id))
    if (counted === stored) continue
    const result = await Post.updateOne(
      { _id, confirmedCount: stored ?? { $exists: false } },
      { $set: { confirmedCount: counted } },
    )
    repaired += result.modifiedCount
  }
  return { announcements: posts.length, repaired }
}

/** The repair's name among the start-up repairs that ran (`repairs`). */
const CONFIRMED_SEEN = 'confirmed-announcements-seen'

/** Entries marked seen per write, as the announcements' own entries are written. */
const SEEN_BATCH = 500

/** An announcement's confirmations that are not seen on either channel. */
const confirmedUnseenOf = (idPostEmet: string) => ({
  ...confirmationsOf(idPostEmet),
  delivred: { $lt: deliveryCodes.seenElsewhere },
  delivredtoWeb: { $lt: deliveryCodes.seenElsewhere },
})

/**
 * Marks seen, once per database as the api starts, the announcements confirmed before
 * confirming marked them so (docs/announcements.md, "Confirming"): each announcement's
 * confirmed entries seen on neither channel go through the seen rule of opening a post
 * (markSeenMany), 500 at a time; their authors' entries get new sequences, so the ticks move at
 * their next catch-up. Every step is safe to repeat; once every announcement was looked at, a
 * mark in `repairs` says so, and later starts read that one document. Returns how many entries
 * it marked seen.
 */
export const markConfirmedAnnouncementsSeen = async (
  connection: Connection,
  clock: () => Date,
): Promise<number> => {
  const Repair = repairModel(connection)
  if (await Repair.exists({ _id: CONFIRMED_SEEN })) return 0
  const Post = postModel(connection)
  const Inbox = inboxEntryModel(connection)
  const deps = { Post, Inbox, sequencer: createSequencer(connection), clock }
  const announcements = await Post.find({ typePoste: 'announcement' })
    .select({ _id: 1 })
    .lean<Pick<PostDoc, '_id'>[]>()
  let marked = 0
  for (const { _id } of announcements) {
    const unseen = await Inbox.find(confirmedUnseenOf(_id))
      .select({ phone: 1, _id: 0 })
      .lean<Pick<InboxEntryDoc, 'phone'>[]>()
    for (let start = 0; start < unseen.length; start += SEEN_BATCH) {
      const batch = unseen.slice(start, start + SEEN_BATCH)
      const seen = batch.map((e) => ({ viewer: e.phone, idPostEmet: _id }))
      marked += (await markSeenMany(deps, seen, confirmChannel)).length
    }
  }
  await Repair.create({ _id: CONFIRMED_SEEN, doneAt: clock() }).catch((error: unknown) => {
    if (!isDuplicateKey(error)) throw error
  })
  return marked
}
