import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/** The one document of the saved sign-up settings (docs/organisation.md, "Settings"). */
export const SIGNUP_SETTINGS_ID = 'signup'

export interface SettingsDoc {
  _id: string
  signupMode: 'open' | 'closed'
  allowedEmailDomains: string[]
  savedAt: Date
  /** The administrator who saved them last. */
  savedBy: string
}

const settingsSchema = new Schema<SettingsDoc>(
  {
    _id: { type: String, required: true },
    signupMode: { type: String, enum: ['open', 'closed'], required: true },
    allowedEmailDomains: { type: [String], default: [] },
    savedAt: { type: Date, required: true },
    savedBy: { type: String, required: true },
  },
  { collection: 'settings' },
)

export const settingsModel = (connection: Connection): Model<SettingsDoc> =>
  connection.models['Settings'] ?? connection.model<SettingsDoc>('Settings', settingsSchema)
