import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

export interface UserDoc {
  /** Canonical phone: dial code + national number, digits only. The user's key. */
  phone: string
  /** The country dial code the user signed up with, digits only (docs/data-model.md, "Users"). */
  indicatif: string
  /** Full name, first name then last name. */
  nomPrenom: string
  mail: string
  /** bcrypt hash; never leaves the domain (see presentUser). */
  passwordHash: string
  createdAt: Date
  passwordChangedAt: Date
}

const userSchema = new Schema<UserDoc>({
  phone: { type: String, required: true, unique: true },
  indicatif: { type: String, required: true },
  nomPrenom: { type: String, required: true },
  mail: { type: String, required: true },
  passwordHash: { type: String, required: true },
  createdAt: { type: Date, required: true },
  passwordChangedAt: { type: Date, required: true },
})

export const userModel = (connection: Connection): Model<UserDoc> =>
  connection.models['User'] ?? connection.model<UserDoc>('User', userSchema)
