import { groupEvents, type GroupEventName } from '@palabre/contracts'
import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

export interface GroupMember {
  phone: string
  /** The name the member was added under (the adder's contact name), '' when none. */
  name: string
}

export type { GroupEventName }

/** A shared folder. Membership changes rewrite `members`/`participants` under `version`. */
export interface GroupDoc {
  /** idGroup as the key: the creator's client id (or ours for unnamed folders). */
  _id: string
  idGroup: string
  nomGroup: string
  /** '1' an unnamed folder made by the several-contacts rule, '0' a named one. */
  noName: '0' | '1'
  createdBy: string
  admin: string[]
  /** The members' phones: the index-backed membership test. */
  members: string[]
  participants: GroupMember[]
  datecreation: Date
  datelastevent: Date
  /** The last change: served as the folder's status and FLAG. */
  lastEvent: GroupEventName
  /**
   * Optimistic concurrency for membership changes: one is computed from the folder as read and
   * written only if `version` is still the same (no transactions, docs/database-engine.md).
   */
  version: number
}

const memberSchema = new Schema<GroupMember>({ phone: String, name: String }, { _id: false })

const groupSchema = new Schema<GroupDoc>(
  {
    _id: { type: String, required: true },
    idGroup: { type: String, required: true },
    nomGroup: { type: String, required: true },
    noName: { type: String, required: true },
    createdBy: { type: String, required: true },
    admin: { type: [String], default: [] },
    members: { type: [String], default: [] },
    participants: { type: [memberSchema], default: [] },
    datecreation: { type: Date, required: true },
    datelastevent: { type: Date, required: true },
    lastEvent: { type: String, default: groupEvents.newGroup },
    version: { type: Number, default: 0 },
  },
  { versionKey: false },
)
// A user's folders, last event first; also the candidates of the unnamed-folder rule.
groupSchema.index({ members: 1, datelastevent: -1 })

export const groupModel = (connection: Connection): Model<GroupDoc> =>
  connection.models['Group'] ?? connection.model<GroupDoc>('Group', groupSchema)
