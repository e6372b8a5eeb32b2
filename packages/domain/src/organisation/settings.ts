import type { SignupMode, SignupSettings } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { isDuplicateKey } from '../database.js'
import type { AuditTrail } from './audit.js'
import { SIGNUP_SETTINGS_ID, settingsModel } from './settings-model.js'

/** SIGNUP_MODE and SIGNUP_EMAIL_DOMAINS: what holds while no settings are saved. */
export interface SignupDefaults {
  signupMode: SignupMode
  allowedEmailDomains: readonly string[]
}

export const OPEN_SIGNUP: SignupDefaults = { signupMode: 'open', allowedEmailDomains: [] }

export interface SignupSettingsService {
  /** The saved settings, else the environment's (docs/organisation.md, "Settings"). */
  get(): Promise<SignupSettings>
  /** Saves them (from now on they hold) and records the change in the audit trail. */
  save(
    actor: string,
    settings: { signupMode: SignupMode; allowedEmailDomains: readonly string[] },
  ): Promise<SignupSettings>
}

export const createSignupSettings = (
  connection: Connection,
  clock: () => Date,
  defaults: SignupDefaults,
  audit: AuditTrail,
): SignupSettingsService => {
  const Settings = settingsModel(connection)
  const get = async (): Promise<SignupSettings> => {
    const saved = await Settings.findById(SIGNUP_SETTINGS_ID).lean()
    if (!saved)
      return {
        signupMode: defaults.signupMode,
        allowedEmailDomains: [...defaults.allowedEmailDomains],
        savedAt: null,
      }
    return {
      signupMode: saved.signupMode,
      allowedEmailDomains: saved.allowedEmailDomains,
      savedAt: saved.savedAt.toISOString(),
    }
  }
  return {
    get,
    async save(actor, { signupMode, allowedEmailDomains }) {
      const before = await get()
      const domains = [...new Set(allowedEmailDomains.map((d) => d.trim().toLowerCase()))]
      const savedAt = clock()
      const write = () =>
        Settings.updateOne(
          { _id: SIGNUP_SETTINGS_ID },
          { $set: { signupMode, allowedEmailDomains: domains, savedAt, savedBy: actor } },
          { upsert: true },
        )
      // Two first saves racing: the unique _id lets one insert; the other then updates.
      await write().catch((error: unknown) => {
        if (!isDuplicateKey(error)) throw error
        return write()
      })
      await audit.append([
        {
          action: 'settings',
          actor,
          details: {
            from: {
              signupMode: before.signupMode,
              allowedEmailDomains: before.allowedEmailDomains,
            },
            to: { signupMode, allowedEmailDomains: domains },
          },
        },
      ])
      return { signupMode, allowedEmailDomains: domains, savedAt: savedAt.toISOString() }
    },
  }
}
