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
   * What the directory finds the person by while active: '' and every beginning of every
   * searched word of their name, title, team and site (docs/organisation.md, "The directory"),
   * written with them. Absent while deactivated, and on an account stored before the directory
   * until the api's start fills it.
   */
  directoryKeys?: string[]
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
  directoryKeys: { type: [String], default: undefined },
})
// The admin console's members list, by name (docs/organisation.md, "Members").
userSchema.index({ nomPrenom: 1, phone: 1 })
// The deactivated people, read whenever recipients are resolved (docs/organisation.md).
userSchema.index({ deactivatedAt: 1 }, { sparse: true })
// A photo's owner, read on every photo asked for (docs/organisation.md, "Photos").
userSchema.index({ photo: 1 }, { sparse: true })

// The directory's search: each typed word is a key of this multikey index (docs/benchmarks.md,
// "Query plans").
userSchema.index({ directoryKeys: 1 })
// The administrators by role, read for a partner's directory (docs/benchmarks.md, "Query
// plans"): a whole index, as the engine of the tests did not use a partial one for the query
// its filter names, and scanned every account instead.
userSchema.index({ role: 1 })

export const userModel = (connection: Connection): Model<UserDoc> =>
  connection.models['User'] ?? connection.model<UserDoc>('User', userSchema)
