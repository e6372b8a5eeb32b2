import type { Invitation, InviteResult } from '@palabre/contracts'
import { adminPageSize, canonicalPhone, messages } from '@palabre/contracts'
import type { Connection, UpdateQuery } from 'mongoose'
import { isDuplicateKey } from '../database.js'
import { DomainError } from '../posts/domain-error.js'
import { userModel } from '../users/user-model.js'
import type { AuditRecord, AuditTrail } from './audit.js'
import { invitationModel } from './invitation-model.js'
import type { InvitationDoc } from './invitation-model.js'

export interface InvitationPage {
  total: number
  items: Invitation[]
}

export interface InvitationsService {
  /**
   * Reads each typed phone with `dialCode` (docs/behaviour.md, "Phone numbers") and invites
   * those without an account, renewing a pending invitation (`already_invited`), recording each
   * in the audit trail. Answers every item in order; sending the messages (to those `invites`
   * holds) is the caller's.
   */
  invite(
    actor: string,
    request: {
      invitations: readonly { phone: string; name?: string | undefined }[]
      dialCode?: string | undefined
      /** The kind the invitees' accounts get at sign-up (docs/organisation.md, "Profiles"). */
      kind?: 'employee' | 'partner' | undefined
    },
  ): Promise<InviteResult[]>
  /** The pending invitations, newest first, `adminPageSize` from offset `n`. */
  list(query: { n: number }): Promise<InvitationPage>
  /** Whether a phone holds a pending invitation. */
  pending(phone: string): Promise<boolean>
  /** Revokes a pending invitation (404 `not_found` when there is none). */
  revoke(actor: string, phone: string): Promise<void>
  /**
   * The sign-up the invitation allowed happened: it is no longer pending. Answers what the
   * account takes from it (its kind), null when none was pending.
   */
  spend(phone: string): Promise<{ kind?: 'partner' } | null>
}

/** Whether an answer stores an invitation and sends its message: a new one, or one renewed. */
export const invites = (result: InviteResult): boolean =>
  result.outcome === 'invited' || result.outcome === 'already_invited'

export const createInvitationsService = (
  connection: Connection,
  clock: () => Date,
  audit: AuditTrail,
): InvitationsService => {
  const Invitation = invitationModel(connection)
  const User = userModel(connection)
  return {
    async invite(actor, { invitations, dialCode, kind }) {
      const keyed = invitations.map((item) => {
        const name = item.name?.trim()
        return {
          input: item.phone,
          ...(name ? { name } : {}),
          phone: canonicalPhone(item.phone, dialCode) ?? undefined,
        }
      })
      const keys = [...new Set(keyed.flatMap((item) => (item.phone ? [item.phone] : [])))]
      const [members, pendingNames] = await Promise.all([
        User.find({ phone: { $in: keys } })
          .select({ phone: 1, _id: 0 })
          .lean()
          .then((users) => new Set(users.map((user) => user.phone))),
        Invitation.find({ phone: { $in: keys } })
          .select({ phone: 1, name: 1, _id: 0 })
          .lean()
          .then((docs) => new Map(docs.map((doc) => [doc.phone, doc.name ?? '']))),
      ])
      const seen = new Set<string>()
      // With each answer, the name its line gave: the one written (docs/organisation.md,
      // "Invitations").
      const answered = keyed.map(
        ({ input, name, phone }): { result: InviteResult; given?: string } => {
          const base = { input, ...(name ? { name } : {}) }
          if (phone === undefined) return { result: { ...base, outcome: 'invalid' } }
          if (seen.has(phone)) return { result: { ...base, phone, outcome: 'duplicate' } }
          seen.add(phone)
          if (members.has(phone)) return { result: { ...base, phone, outcome: 'already_member' } }
          const earlier = pendingNames.get(phone)
          if (earlier === undefined)
            return {
              result: { ...base, phone, outcome: 'invited' },
              ...(name ? { given: name } : {}),
            }
          // Invited again: a line without a name keeps the one the invitation has, a line with a
          // name sets it, and the answer shows the name it now has and the one it replaced.
          const kept = name ?? earlier
          const result: InviteResult = {
            input,
            phone,
            ...(kept ? { name: kept } : {}),
            ...(name && earlier && name !== earlier ? { previousName: earlier } : {}),
            outcome: 'already_invited',
          }
          return { result, ...(name ? { given: name } : {}) }
        },
      )
      const results = answered.map(({ result }) => result)
      const written = answered.filter(({ result }) => invites(result))
      if (written.length === 0) return results
      const invitedAt = clock()
      // Invited again as an employee: no longer a partner's invitation.
      const kindUpdate: UpdateQuery<InvitationDoc> =
        kind === 'employee' ? { $unset: { kind: 1 } } : {}
      const upserts = written.map(({ result, given }) => ({
        updateOne: {
          filter: { phone: result.phone },
          update: {
            $set: {
              invitedAt,
              invitedBy: actor,
              ...(given ? { name: given } : {}),
              ...(kind === 'partner' ? { kind: 'partner' as const } : {}),
            },
            ...kindUpdate,
          },
          upsert: true,
        },
      }))
      const write = () => Invitation.bulkWrite(upserts, { ordered: false })
      // The same phone invited twice at once: the unique index lets one insert, the other then
      // finds it and updates it.
      await write().catch((error: unknown) => {
        if (!isDuplicateKey(error)) throw error
        return write()
      })
      await audit.append(
        written.map(({ result }): AuditRecord => ({
          action: 'invite',
          actor,
          ...(result.phone ? { target: result.phone } : {}),
          details: result.name ? { name: result.name } : {},
        })),
      )
      return results
    },

    async list({ n }) {
      const [total, docs] = await Promise.all([
        Invitation.countDocuments(),
        Invitation.find().sort({ invitedAt: -1, phone: 1 }).skip(n).limit(adminPageSize).lean(),
      ])
      // Each inviter by the name they gave themselves, as the audit trail names its actors.
      const inviters = await User.find({
        phone: { $in: [...new Set(docs.map((d) => d.invitedBy))] },
      })
        .select({ phone: 1, nomPrenom: 1, _id: 0 })
        .lean()
      const names = new Map(inviters.map((person) => [person.phone, person.nomPrenom]))
      return {
        total,
        items: docs.map((doc) => {
          const invitedByName = names.get(doc.invitedBy)
          return {
            phone: doc.phone,
            ...(doc.name ? { name: doc.name } : {}),
            invitedAt: doc.invitedAt.toISOString(),
            invitedBy: doc.invitedBy,
            ...(invitedByName ? { invitedByName } : {}),
            ...(doc.kind ? { kind: doc.kind } : {}),
          }
        }),
      }
    },

    async pending(phone) {
      return (await Invitation.exists({ phone })) !== null
    },

    async revoke(actor, phone) {
      const removed = await Invitation.findOneAndDelete({ phone }).lean()
      if (!removed) throw new DomainError('not_found', messages.organisation.noSuchInvitation)
      await audit.append([
        {
          action: 'revoke',
          actor,
          target: phone,
          details: removed.name ? { name: removed.name } : {},
        },
      ])
    },

    async spend(phone) {
      const spent = await Invitation.findOneAndDelete({ phone }).select({ kind: 1, _id: 0 }).lean()
      return spent ? (spent.kind ? { kind: spent.kind } : {}) : null
    },
  }
}
