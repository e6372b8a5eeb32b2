import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/**
 * One document per (post, participant), the sender included: that participant's view of the
 * post (docs/data-model.md, "Inbox entries"). Walls, counts and pages are index-backed queries
 * on these by phone.
 */
export interface InboxEntryDoc {
  /** `entryId(idPostEmet, phone)`: one entry per participant, read and written by key. */
  _id: string
  phone: string
  idPostEmet: string
  role: 'sender' | 'recipient'
  /** The post's folders: the folder scope of the wall. */
  groupIds: string[]
  /**
   * The contact scope: for the sender, the recipients named directly (not through a folder);
   * for a recipient, the sender.
   */
  peers: string[]
  /** Delivery marks of a recipient (0 nothing yet, 2 its socket got it, 4 seen). */
  delivred: number
  delivredtoWeb: number
  /** Comments this participant has not seen yet. */
  cmtnonlu: number
  /** True while the post is new to a recipient or has unread comments (folder badges). */
  unread: boolean
  dateLastEvent: Date
  /** This user's change sequence at the entry's last change (GET /api/sync). */
  seq: number
  /** When `seq` was last set: catch-up moves its cursor past settled changes only. */
  seqAt: Date
  /** A recipient's announcement not confirmed yet: pinned on their wall (docs/announcements.md). */
  pinned?: boolean
  /** When that recipient confirmed the announcement. */
  confirmedAt?: Date
}

const inboxEntrySchema = new Schema<InboxEntryDoc>(
  {
    _id: { type: String, required: true },
    phone: { type: String, required: true },
    idPostEmet: { type: String, required: true },
    role: { type: String, required: true },
    groupIds: { type: [String], default: [] },
    peers: { type: [String], default: [] },
    delivred: { type: Number, default: 0 },
    delivredtoWeb: { type: Number, default: 0 },
    cmtnonlu: { type: Number, default: 0 },
    unread: { type: Boolean, default: false },
    dateLastEvent: { type: Date, required: true },
    seq: { type: Number, required: true },
    seqAt: { type: Date, required: true },
    pinned: { type: Boolean },
    confirmedAt: { type: Date },
  },
  { versionKey: false },
)
// A post's entries (its sender's marks view).
inboxEntrySchema.index({ idPostEmet: 1, phone: 1 })
// The three wall scopes, most recent activity first: equality on the scope, then the page's whole
// sort (idPostEmet breaks ties for stable pages), so a page and its count are one range of one
// index. The wall reads them through windows of recent activity, each a range of `dateLastEvent`
// within the scope (docs/benchmarks.md, "Query plans").
export const WALL_INDEX = { phone: 1, dateLastEvent: -1, idPostEmet: -1 } as const
export const FOLDER_WALL_INDEX = {
  phone: 1,
  groupIds: 1,
  dateLastEvent: -1,
  idPostEmet: -1,
} as const
export const CONTACT_WALL_INDEX = { phone: 1, peers: 1, dateLastEvent: -1, idPostEmet: -1 } as const
inboxEntrySchema.index(WALL_INDEX)
inboxEntrySchema.index(FOLDER_WALL_INDEX)
inboxEntrySchema.index(CONTACT_WALL_INDEX)
// Catch-up: what changed for a user after a sequence, in sequence order.
inboxEntrySchema.index({ phone: 1, seq: 1 })
// The unread badges of a user's folders: only entries still unread are in it, so counting them
// reads those few, not every entry of the folders (docs/benchmarks.md, "Query plans").
inboxEntrySchema.index(
  { phone: 1, groupIds: 1 },
  { name: 'unread_by_folder', partialFilterExpression: { unread: true } },
)

// A user's pinned announcements, newest first: only the unconfirmed ones are in it.
inboxEntrySchema.index(
  { phone: 1, dateLastEvent: -1 },
  { name: 'pinned_announcements', partialFilterExpression: { pinned: true } },
)

export const inboxEntryModel = (connection: Connection): Model<InboxEntryDoc> =>
  connection.models['InboxEntry'] ??
  connection.model<InboxEntryDoc>('InboxEntry', inboxEntrySchema, 'inbox_entries')

/** The key of a participant's entry; phones are digits, so the last ':' splits it. */
export const entryId = (idPostEmet: string, phone: string): string => `${idPostEmet}:${phone}`
