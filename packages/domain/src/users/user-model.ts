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
  /** 'member' or 'admin' (docs/organisation.md, "Roles"); absent: a member. */
  role?: 'member' | 'admin'
  /** The last authenticated call, written at most once a minute (docs/organisation.md, "Members"). */
  lastSeenAt?: Date | null
  /**
   * When an administrator deactivated the account; absent while active (docs/organisation.md,
   * "Deactivation"). Unset, not nulled, on activation: the sparse index then holds only the
   * deactivated, so reading them all is cheap.
   */
  deactivatedAt?: Date
  /**
   * The profile (docs/data-model.md, "Users"): title, team and site, absent when unset (an empty
   * value unsets them); `kind` stored only for a partner, absent meaning an employee; the
   * language of the person's screens, absent until they choose one.
   */
  title?: string
  team?: string
  site?: string
  kind?: 'partner'
  language?: 'en' | 'fr'
  /**
   * The file name of the person's photo (docs/organisation.md, "Photos"), absent without one;
   * every new photo gets a new name.
   */
  photo?: string
  /**
   * The words of the name, title, team and site in their searched form (contracts'
   * `searchWords`), written with them (docs/organisation.md, "The directory"); absent on an
   * account stored before the directory until the api's start fills it.
   */
  directoryWords?: string[]
}

const userSchema = new Schema<UserDoc>({
  phone: { type: String, required: true, unique: true },
  indicatif: { type: String, required: true },
  nomPrenom: { type: String, required: true },
  mail: { type: String, required: true },
  passwordHash: { type: String, required: true },
  createdAt: { type: Date, required: true },
  passwordChangedAt: { type: Date, required: true },
  role: { type: String, enum: ['member', 'admin'] },
  lastSeenAt: { type: Date },
  deactivatedAt: { type: Date },
  title: { type: String, trim: true, maxlength: 100 },
  team: { type: String, trim: true, maxlength: 100 },
  site: { type: String, trim: true, maxlength: 100 },
  kind: { type: String, enum: ['partner'] },
  language: { type: String, enum: ['en', 'fr'] },
  photo: { type: String },
  directoryWords: { type: [String], default: undefined },
})
// The admin console's members list, by name (docs/organisation.md, "Members").
userSchema.index({ nomPrenom: 1, phone: 1 })
// The deactivated people, read whenever recipients are resolved (docs/organisation.md).
userSchema.index({ deactivatedAt: 1 }, { sparse: true })

// The directory's search: each typed word is a range of this multikey index (docs/benchmarks.md,
// "Query plans").
userSchema.index({ directoryWords: 1 })
// The administrators by role, read for a partner's directory: only they are in it
// (docs/benchmarks.md, "Query plans").
userSchema.index({ role: 1 }, { name: 'admins', partialFilterExpression: { role: 'admin' } })

export const userModel = (connection: Connection): Model<UserDoc> =>
  connection.models['User'] ?? connection.model<UserDoc>('User', userSchema)
