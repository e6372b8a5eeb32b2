import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/**
 * One document per (owner, contact phone). Whether the contact is registered is not stored:
 * it is read from the users at query time, so a later sign-up shows at once.
 */
export interface ContactDoc {
  /** contactId(owner, phone): one contact per (owner, phone), read and written by key. */
  _id: string
  owner: string
  phone: string
  name: string
  /**
   * The name as searched: `searchKey(name)`, written with every name (docs/behaviour.md,
   * "Search"). Contacts stored before it existed get it at the api's start
   * (`addContactSearchKeys`); until then a search reads their name as before.
   */
  nameKey?: string
  createdAt: Date
}

const contactSchema = new Schema<ContactDoc>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    phone: { type: String, required: true },
    name: { type: String, required: true },
    nameKey: { type: String },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
)
contactSchema.index({ owner: 1, name: 1 })
// Who has a person in their contacts: the audience of a profile change (docs/realtime.md,
// "Profiles").
contactSchema.index({ phone: 1, owner: 1 })

export const contactModel = (connection: Connection): Model<ContactDoc> =>
  connection.models['Contact'] ?? connection.model<ContactDoc>('Contact', contactSchema)

export const contactId = (owner: string, phone: string): string => `${owner}:${phone}`
