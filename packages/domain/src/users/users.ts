import bcrypt from 'bcrypt'
import type { Connection } from 'mongoose'
import type { RateLimiter } from '../otp/rate-limiter.js'
import { endSessionsOf } from '../sessions/sessions.js'
import { userModel } from './user-model.js'
import { presentUser } from './user-profile.js'
import type { UserProfile } from './user-profile.js'
import { SIGN_IN_LIMITS, signInKeys } from './sign-in-rules.js'
import { createDeactivatedPeople } from './deactivated.js'
import { isDuplicateKey } from '../database.js'
import { directoryWordsOf } from '../people/directory.js'

export type { UserProfile }

export interface NewUser {
  nomPrenom: string
  phone: string
  indicatif: string
  mail: string
  password: string
}

export type SignInResult =
  | { kind: 'ok'; user: UserProfile }
  | { kind: 'not_found' }
  | { kind: 'wrong_password' }
  | { kind: 'locked'; retryAfterSeconds: number }
  /** The password was right, but an administrator deactivated the account. */
  | { kind: 'deactivated' }

/** A password change while signed in (docs/security.md, "Passwords"). */
export type PasswordChangeResult =
  | { kind: 'ok' }
  | { kind: 'not_found' }
  | { kind: 'wrong_password' }
  | { kind: 'locked'; retryAfterSeconds: number }
  /** The new password is the current one: nothing changes. */
  | { kind: 'same_password' }
  | { kind: 'deactivated' }

export interface PasswordChange {
  phone: string
  currentPassword: string
  newPassword: string
  /** The client's address: wrong tries count as failed sign-ins from it. */
  address: string
  /** The caller's session token: it stays signed in, every other session of the phone ends. */
  keepToken: string
}

export interface UserService {
  /** 'exists' when the phone is already registered; nothing is changed then. */
  register(user: NewUser): Promise<'created' | 'exists'>
  findByPhone(phone: string): Promise<UserProfile | null>
  /**
   * Checks a password on the server. `address` is the client's (its IP): failures lock that
   * number from that address, and from everywhere only past a much higher count.
   */
  signIn(phone: string, password: string, address: string): Promise<SignInResult>
  /** Sets a new password and ends every session of that phone. */
  resetPassword(phone: string, password: string): Promise<'ok' | 'not_found' | 'deactivated'>
  /**
   * Checks the current password under the sign-in limits, stores the new one and ends every
   * session of that phone but the caller's.
   */
  changePassword(change: PasswordChange): Promise<PasswordChangeResult>
  /** Whether an administrator deactivated this account (docs/organisation.md, "Deactivation"). */
  isDeactivated(phone: string): Promise<boolean>
}

export interface UserServiceOptions {
  /** bcrypt cost: 10 in production, lower in tests to keep them fast. */
  passwordHashCost: number
  clock: () => Date
  /** ADMIN_PHONES: these phones sign up as administrators (docs/organisation.md, "Roles"). */
  adminPhones?: ReadonlySet<string>
}

export const createUserService = (
  connection: Connection,
  limiter: RateLimiter,
  { passwordHashCost, clock, adminPhones = new Set() }: UserServiceOptions,
): UserService => {
  const User = userModel(connection)
  const deactivated = createDeactivatedPeople(connection)
  /** Counts one try at a phone's password from an address, before comparing (as sign-in does). */
  const consumeTry = async (phone: string, address: string, now: Date) => {
    const keys = signInKeys(phone, address)
    for (const [key, rule] of [
      [keys.perAddress, SIGN_IN_LIMITS.perAddress],
      [keys.perNumber, SIGN_IN_LIMITS.perNumber],
    ] as const) {
      const decision = await limiter.consume(key, rule, now)
      if (!decision.allowed) return { kind: 'locked' as const, ...decision }
    }
    return { kind: 'allowed' as const, keys }
  }
  return {
    isDeactivated: (phone) => deactivated.has(phone),

    async register({ password, ...fields }) {
      if (await User.exists({ phone: fields.phone })) return 'exists'
      const now = clock()
      const passwordHash = await bcrypt.hash(password, passwordHashCost)
      try {
        await User.create({
          ...fields,
          passwordHash,
          createdAt: now,
          passwordChangedAt: now,
          directoryWords: directoryWordsOf(fields),
          role: adminPhones.has(fields.phone) ? 'admin' : 'member',
        })
      } catch (error) {
        // Two sign-ups racing for one number: the unique index lets only one in.
        if (isDuplicateKey(error)) return 'exists'
        throw error
      }
      return 'created'
    },

    async findByPhone(phone) {
      const user = await User.findOne({ phone }).lean()
      return user ? presentUser(user) : null
    },

    async signIn(phone, password, address) {
      const user = await User.findOne({ phone }).lean()
      if (!user) return { kind: 'not_found' }
      // Counted before comparing, so parallel guesses cannot exceed the limits; a try refused
      // from one address is not counted against the number everywhere.
      const counted = await consumeTry(phone, address, clock())
      if (counted.kind === 'locked')
        return { kind: 'locked', retryAfterSeconds: counted.retryAfterSeconds }
      const { keys } = counted
      if (!(await bcrypt.compare(password, user.passwordHash))) return { kind: 'wrong_password' }
      // The owner, proved: this address starts afresh (the count from everywhere stays).
      await limiter.reset(keys.perAddress)
      // Told only to whoever knows the password (docs/organisation.md, "Deactivation").
      if (user.deactivatedAt) return { kind: 'deactivated' }
      return { kind: 'ok', user: presentUser(user) }
    },

    async resetPassword(phone, password) {
      if (await deactivated.has(phone)) return 'deactivated'
      const now = clock()
      const passwordHash = await bcrypt.hash(password, passwordHashCost)
      const result = await User.updateOne(
        { phone },
        { $set: { passwordHash, passwordChangedAt: now } },
      )
      if (result.matchedCount === 0) return 'not_found'
      // Whoever held the old password (a stolen session, say) is signed out everywhere.
      await endSessionsOf(connection, phone, now)
      // A new password: every earlier guess is moot.
      await limiter.resetTree(signInKeys(phone, '').perNumber)
      return 'ok'
    },

    async changePassword({ phone, currentPassword, newPassword, address, keepToken }) {
      const user = await User.findOne({ phone }).lean()
      if (!user) return { kind: 'not_found' }
      if (user.deactivatedAt) return { kind: 'deactivated' }
      // Wrong current passwords are wrong sign-ins: the same counts, so a stolen session
      // cannot guess faster here (docs/security.md, "Sign-in lock-out").
      const counted = await consumeTry(phone, address, clock())
      if (counted.kind === 'locked')
        return { kind: 'locked', retryAfterSeconds: counted.retryAfterSeconds }
      if (!(await bcrypt.compare(currentPassword, user.passwordHash)))
        return { kind: 'wrong_password' }
      if (currentPassword === newPassword) return { kind: 'same_password' }
      const now = clock()
      const passwordHash = await bcrypt.hash(newPassword, passwordHashCost)
      await User.updateOne({ phone }, { $set: { passwordHash, passwordChangedAt: now } })
      await endSessionsOf(connection, phone, now, { keep: keepToken })
      await limiter.resetTree(signInKeys(phone, '').perNumber)
      return { kind: 'ok' }
    },
  }
}
