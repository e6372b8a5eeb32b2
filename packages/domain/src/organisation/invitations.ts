import type { Invitation, InviteResult } from '@palabre/contracts'
import { adminPageSize, canonicalPhone, messages } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { isDuplicateKey } from '../database.js'
import { DomainError } from '../posts/domain-error.js'
import { userModel } from '../users/user-model.js'
import type { AuditRecord, AuditTrail } from './audit.js'
import { invitationModel } from './invitation-model.js'

export interface InvitationPage {
  total: number
  items: Invitation[]
}

export interface InvitationsService {
  /**
   * Reads each typed phone with `dialCode` (docs/behaviour.md, "Phone numbers") and invites
   * those without an account, recording each invitation in the audit trail. Answers every item
   * in order; sending the messages is the caller's.
   */
  invite(
    actor: string,
    request: {
      invitations: readonly { phone: string; name?: string | undefined }[]
      dialCode?: string | undefined
    },
  ): Promise<InviteResult[]>
  /** The pending invitations, newest first, `adminPageSize` from offset `n`. */
  list(query: { n: number }): Promise<InvitationPage>
  /** Whether a phone holds a pending invitation. */
  pending(phone: string): Promise<boolean>
  /** Revokes a pending invitation (404 `not_found` when there is none). */
  revoke(actor: string, phone: string): Promise<void>
  /** The sign-up the invitation allowed happened: it is no longer pending. */
  spend(phone: string): Promise<void>
}

export const createInvitationsService = (
  connection: Connection,
  clock: () => Date,
  audit: AuditTrail,
): InvitationsService => {
  const Invitation = invitationModel(connection)
  const User = userModel(connection)
  return {
    async invite(actor, { invitations, dialCode }) {
      const keyed = invitations.map((item) => {
        const name = item.name?.trim()
        return {
          input: item.phone,
          ...(name ? { name } : {}),
          phone: canonicalPhone(item.phone, dialCode) ?? undefined,
        }
      })
      const keys = [...new Set(keyed.flatMap((item) => (item.phone ? [item.phone] : [])))]
      const members = new Set(
        (
          await User.find({ phone: { $in: keys } })
            .select({ phone: 1, _id: 0 })
            .lean()
        ).map((user) => user.phone),
      )
      const seen = new Set<string>()
      const results: InviteResult[] = keyed.map(({ input, name, phone }) => {
        const base = { input, ...(name ? { name } : {}) }
        if (phone === undefined) return { ...base, outcome: 'invalid' }
        if (seen.has(phone)) return { ...base, phone, outcome: 'duplicate' }
        seen.add(phone)
        if (members.has(phone)) return { ...base, phone, outcome: 'already_member' }
        return { ...base, phone, outcome: 'invited' }
      })
      const invited = results.filter((r) => r.outcome === 'invited')
      if (invited.length === 0) return results
      const invitedAt = clock()
      const upserts = invited.map((item) => ({
        updateOne: {
          filter: { phone: item.phone },
          update: {
            $set: {
              invitedAt,
              invitedBy: actor,
              // A new invitation without a name keeps the name an earlier one gave.
              ...(item.name ? { name: item.name } : {}),
            },
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
        invited.map((item): AuditRecord => ({
          action: 'invite',
          actor,
          ...(item.phone ? { target: item.phone } : {}),
          details: item.name ? { name: item.name } : {},
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
      await Invitation.deleteOne({ phone })
    },
  }
}
