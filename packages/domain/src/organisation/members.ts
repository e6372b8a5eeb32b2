import type { Member, PublicProfile, Role, UpdateMember } from '@palabre/contracts'
import { adminPageSize, messages, stripPhone, typedPhonePattern } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { literalPattern } from '../contacts/literal-pattern.js'
import { writeDirectoryKeys } from '../people/directory.js'
import { DomainError } from '../posts/domain-error.js'
import { endSessionsOf } from '../sessions/sessions.js'
import { createProfileService, presentPublicProfile } from '../users/profiles.js'
import { userModel } from '../users/user-model.js'
import type { UserDoc } from '../users/user-model.js'
import type { AuditTrail } from './audit.js'

/** How often at most a person's last-seen time is written (docs/organisation.md, "Members"). */
export const LAST_SEEN_EVERY_MS = 60_000

// Past this many remembered phones, the ones older than a minute are forgotten.
const SEEN_MEMORY = 10_000

export interface MemberPage {
  total: number
  items: Member[]
}

export interface MembersService {
  /** The role of a person with an account; null without one. */
  roleOf(phone: string): Promise<Role | null>
  /** Refuses (403 `forbidden`) anyone but an administrator. */
  assertAdmin(phone: string): Promise<void>
  /** Makes the ADMIN_PHONES that have an account administrators; answers how many changed. */
  applyAdminPhones(): Promise<number>
  /**
   * Records an authenticated call: the last-seen time is written at most once a minute per
   * person, and this process skips the database in between.
   */
  seen(phone: string): Promise<void>
  /** By name, `adminPageSize` from offset `n`; `q` keeps names or phones containing it. */
  list(query: { q?: string | undefined; n: number }): Promise<MemberPage>
  /** An administrator makes someone an administrator or a member again. */
  setRole(actor: string, phone: string, role: Role): Promise<Member>
  /**
   * Deactivates an account and ends every session of it (docs/organisation.md, "Deactivation");
   * idempotent. The caller then has the realtime nodes close its sockets.
   */
  deactivate(actor: string, phone: string): Promise<Member>
  /** Activates a deactivated account again; idempotent. */
  activate(actor: string, phone: string): Promise<Member>
  /**
   * An administrator changes a member's name, title, team, site or kind (docs/organisation.md,
   * "Profiles"); audited as `member_update` with each changed field, nothing when none changed.
   * Answers the member and their public profile, and whether anything changed.
   */
  update(
    actor: string,
    phone: string,
    patch: UpdateMember,
  ): Promise<{ member: Member; profile: PublicProfile; changed: boolean }>
  /**
   * An administrator removes a member's photo (docs/organisation.md, "Photos"); audited as
   * `member_photo_reset` with the removed name, nothing when they had none. Answers the removed
   * name (its files are the caller's to delete) and the public profile after.
   */
  resetPhoto(
    actor: string,
    phone: string,
  ): Promise<{ removed: string | null; profile: PublicProfile }>
}

type MemberFields = Pick<
  UserDoc,
  | 'phone'
  | 'nomPrenom'
  | 'mail'
  | 'role'
  | 'createdAt'
  | 'lastSeenAt'
  | 'deactivatedAt'
  | 'title'
  | 'team'
  | 'site'
  | 'kind'
  | 'photo'
>

const memberFields = {
  phone: 1,
  nomPrenom: 1,
  mail: 1,
  role: 1,
  createdAt: 1,
  lastSeenAt: 1,
  deactivatedAt: 1,
  title: 1,
  team: 1,
  site: 1,
  kind: 1,
  photo: 1,
  _id: 0,
} as const

/**
 * A search typed in the console as a phone ('+33 6 12', '0033612'): its digits, to be found
 * inside keys; undefined when it is not phone-like.
 */
const phoneDigits = (q: string): string | undefined => {
  if (!typedPhonePattern.test(q)) return undefined
  const digits = stripPhone(q).replace(/^00/, '')
  return /^\d+$/.test(digits) ? digits : undefined
}

export const createMembersService = (
  connection: Connection,
  clock: () => Date,
  adminPhones: ReadonlySet<string>,
  audit: AuditTrail,
): MembersService => {
  const User = userModel(connection)
  const lastWritten = new Map<string, number>()
  const profiles = createProfileService(connection)

  const roleOfDoc = (user: Pick<UserDoc, 'phone' | 'role'>): Role =>
    adminPhones.has(user.phone) ? 'admin' : (user.role ?? 'member')

  const present = (user: MemberFields): Member => ({
    phone: user.phone,
    name: user.nomPrenom,
    mail: user.mail,
    role: roleOfDoc(user),
    status: user.deactivatedAt ? 'deactivated' : 'active',
    createdAt: user.createdAt.toISOString(),
    lastSeenAt: user.lastSeenAt ? user.lastSeenAt.toISOString() : null,
    adminByConfiguration: adminPhones.has(user.phone),
    deactivatedAt: user.deactivatedAt ? user.deactivatedAt.toISOString() : null,
    title: user.title ?? '',
    team: user.team ?? '',
    site: user.site ?? '',
    kind: user.kind ?? 'employee',
    ...(user.photo ? { photo: user.photo } : {}),
  })

  const memberOf = async (phone: string): Promise<MemberFields> => {
    const user = await User.findOne({ phone }).select(memberFields).lean()
    if (!user) throw new DomainError('not_found', messages.organisation.noSuchMember)
    return user
  }

  const roleOf = async (phone: string): Promise<Role | null> => {
    const user = await User.findOne({ phone }).select({ phone: 1, role: 1, _id: 0 }).lean()
    return user ? roleOfDoc(user) : null
  }

  return {
    roleOf,

    async assertAdmin(phone) {
      if ((await roleOf(phone)) !== 'admin')
        throw new DomainError('forbidden', messages.organisation.adminsOnly)
    },

    async applyAdminPhones() {
      if (adminPhones.size === 0) return 0
      const result = await User.updateMany(
        { phone: { $in: [...adminPhones] }, role: { $ne: 'admin' } },
        { $set: { role: 'admin' } },
      )
      return result.modifiedCount
    },

    async seen(phone) {
      const now = clock().getTime()
      const last = lastWritten.get(phone)
      if (last !== undefined && now - last < LAST_SEEN_EVERY_MS && now >= last) return
      if (lastWritten.size >= SEEN_MEMORY)
        for (const [key, at] of lastWritten)
          if (now - at >= LAST_SEEN_EVERY_MS) lastWritten.delete(key)
      lastWritten.set(phone, now)
      // Another node may have written it within the minute: the filter leaves it then.
      await User.updateOne(
        {
          phone,
          $or: [{ lastSeenAt: null }, { lastSeenAt: { $lte: new Date(now - LAST_SEEN_EVERY_MS) } }],
        },
        { $set: { lastSeenAt: new Date(now) } },
      )
    },

    async list({ q, n }) {
      const word = q?.trim()
      const digits = word ? phoneDigits(word) : undefined
      const filter = word
        ? {
            $or: [
              { nomPrenom: literalPattern(word) },
              ...(digits ? [{ phone: { $regex: digits } }] : []),
            ],
          }
        : {}
      const [total, users] = await Promise.all([
        User.countDocuments(filter),
        User.find(filter)
          .select(memberFields)
          .sort({ nomPrenom: 1, phone: 1 })
          .skip(n)
          .limit(adminPageSize)
          .lean(),
      ])
      return { total, items: users.map(present) }
    },

    async setRole(actor, phone, role) {
      if (role !== 'admin' && phone === actor)
        throw new DomainError('forbidden', messages.organisation.cannotDemoteSelf)
      if (role !== 'admin' && adminPhones.has(phone))
        throw new DomainError('forbidden', messages.organisation.cannotDemoteConfigured)
      const user = await memberOf(phone)
      const before = roleOfDoc(user)
      if (before !== role || user.role !== role) {
        await User.updateOne({ phone }, { $set: { role } })
      }
      if (before !== role)
        await audit.append([
          { action: 'role', actor, target: phone, details: { from: before, to: role } },
        ])
      return present({ ...user, role })
    },

    async deactivate(actor, phone) {
      if (phone === actor)
        throw new DomainError('forbidden', messages.organisation.cannotDeactivateSelf)
      if (adminPhones.has(phone))
        throw new DomainError('forbidden', messages.organisation.cannotDeactivateConfigured)
      const user = await memberOf(phone)
      const at = user.deactivatedAt ?? clock()
      // The mark first, then the sessions: a sign-in racing this opens its session, then reads
      // the mark again (apps/api's session reply), so it either sees the mark or is revoked here.
      if (!user.deactivatedAt) {
        // Out of the directory with the same write (docs/organisation.md, "The directory").
        await User.updateOne(
          { phone },
          { $set: { deactivatedAt: at }, $unset: { directoryKeys: 1 } },
        )
        await audit.append([
          { action: 'deactivate', actor, target: phone, details: { name: user.nomPrenom } },
        ])
      }
      await endSessionsOf(connection, phone, clock())
      return present({ ...user, deactivatedAt: at })
    },

    async activate(actor, phone) {
      const user = await memberOf(phone)
      if (user.deactivatedAt) {
        // Back in the directory with the fields as they are now, read by the same write.
        const active = await User.findOneAndUpdate(
          { phone },
          { $unset: { deactivatedAt: 1 } },
          { new: true, projection: { phone: 1, nomPrenom: 1, title: 1, team: 1, site: 1 } },
        ).lean()
        if (active) await writeDirectoryKeys(connection, active)
        await audit.append([
          { action: 'activate', actor, target: phone, details: { name: user.nomPrenom } },
        ])
      }
      const { deactivatedAt: _gone, ...active } = user
      return present(active)
    },

    async update(actor, phone, patch) {
      const { after, changes } = await profiles.update(phone, patch)
      const changed = Object.keys(changes).length > 0
      if (changed)
        await audit.append([{ action: 'member_update', actor, target: phone, details: changes }])
      return {
        member: present(await memberOf(phone)),
        profile: presentPublicProfile(after),
        changed,
      }
    },

    async resetPhoto(actor, phone) {
      const { before, after } = await profiles.update(phone, { photo: null })
      const removed = before.photo ?? null
      if (removed)
        await audit.append([
          { action: 'member_photo_reset', actor, target: phone, details: { photo: removed } },
        ])
      return { removed, profile: presentPublicProfile(after) }
    },
  }
}
