import type { Connection } from 'mongoose'
import { userModel } from '../users/user-model.js'
import type { InvitationsService } from './invitations.js'
import type { SignupSettingsService } from './settings.js'

/**
 * Who may sign up in a closed space (docs/organisation.md, "The gate"): a phone with a pending
 * invitation or named in ADMIN_PHONES, or a verified e-mail in an allowed domain. A phone that
 * already has an account passes too: it is a member, who resets a password through the same
 * phone step and is told 'already registered' at the end of a sign-up. Each step refuses as soon
 * as it knows; the sign-up itself checks everything again.
 */
export interface SignupGate {
  /** The phone step: with no allowed domain, a phone the gate does not admit gets no code. */
  atPhoneStep(phone: string): Promise<boolean>
  /**
   * The e-mail step: an address of an allowed domain, or a phone the gate admits among those
   * this browser verified.
   */
  atMailStep(mail: string, verifiedPhones: readonly string[]): Promise<boolean>
  /** The sign-up: the phone, or else the e-mail. */
  atSignUp(phone: string, mail: string): Promise<boolean>
}

/** The domain of an e-mail address, lower-cased. */
export const mailDomain = (mail: string): string =>
  (mail.trim().toLowerCase().split('@').at(-1) ?? '').trim()

export const createSignupGate = (
  connection: Connection,
  adminPhones: ReadonlySet<string>,
  settings: SignupSettingsService,
  invitations: InvitationsService,
): SignupGate => {
  const User = userModel(connection)
  const admitsPhone = async (phone: string): Promise<boolean> =>
    adminPhones.has(phone) ||
    (await invitations.pending(phone)) ||
    (await User.exists({ phone })) !== null
  const inAllowedDomain = (mail: string, domains: readonly string[]): boolean =>
    domains.includes(mailDomain(mail))
  return {
    async atPhoneStep(phone) {
      const { signupMode, allowedEmailDomains } = await settings.get()
      if (signupMode === 'open' || allowedEmailDomains.length > 0) return true
      return admitsPhone(phone)
    },
    async atMailStep(mail, verifiedPhones) {
      const { signupMode, allowedEmailDomains } = await settings.get()
      if (signupMode === 'open' || inAllowedDomain(mail, allowedEmailDomains)) return true
      for (const phone of new Set(verifiedPhones)) if (await admitsPhone(phone)) return true
      return false
    },
    async atSignUp(phone, mail) {
      const { signupMode, allowedEmailDomains } = await settings.get()
      if (signupMode === 'open' || inAllowedDomain(mail, allowedEmailDomains)) return true
      return admitsPhone(phone)
    },
  }
}
