import type {
  CsvInviteAnswer,
  Invitation,
  InviteResult,
  MemberKind,
  RefusedLine,
} from '@palabre/contracts'
import { adminPageSize, canonicalPhone, messages } from '@palabre/contracts'
import type { Connection, UpdateQuery } from 'mongoose'
import { isDuplicateKey } from '../database.js'
import { DomainError } from '../posts/domain-error.js'
import { userModel } from '../users/user-model.js'
import type { AuditRecord, AuditTrail } from './audit.js'
import { readInvitationCsv } from './invitation-csv.js'
import { invitationModel } from './invitation-model.js'
import type { InvitationDoc } from './invitation-model.js'

export interface InvitationPage {
  total: number
  items: Invitation[]
}

/** One invitation asked: a phone as typed, and what the account will take from it. */
export interface InvitationItem {
  phone: string
  name?: string | undefined
  title?: string | undefined
  team?: string | undefined
  site?: string | undefined
  /** This item's kind, else the call's. */
  kind?: MemberKind | undefined
}

/** What an account takes from its invitation at sign-up (docs/organisation.md, "Profiles"). */
export interface SpentInvitation {
  kind?: 'partner'
  title?: string
  team?: string
  site?: string
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
      invitations: readonly InvitationItem[]
      dialCode?: string | undefined
      /** The kind the invitees' accounts get at sign-up (docs/organisation.md, "Profiles"). */
      kind?: 'employee' | 'partner' | undefined
    },
  ): Promise<InviteResult[]>
  /**
   * Invites the people of a CSV file's text (docs/organisation.md, "Invitations"): each valid
   * line is invited as `invite` does, each refused line named; one `invitations_import` record
   * follows the invitations'. `results` are the invitations to send.
   */
  importCsv(
    actor: string,
    request: { csv: string; dialCode?: string | undefined; kind?: MemberKind | undefined },
  ): Promise<{ answer: Omit<CsvInviteAnswer, 'messagesSent'>; results: InviteResult[] }>
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
  spend(phone: string): Promise<SpentInvitation | null>
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
          item,
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
        ({
          input,
          name,
          phone,
          item,
        }): { result: InviteResult; given?: string; item: InvitationItem } => {
          const base = { input, ...(name ? { name } : {}) }
          if (phone === undefined) return { result: { ...base, outcome: 'invalid' }, item }
          if (seen.has(phone)) return { result: { ...base, phone, outcome: 'duplicate' }, item }
          seen.add(phone)
          if (members.has(phone))
            return { result: { ...base, phone, outcome: 'already_member' }, item }
          const earlier = pendingNames.get(phone)
          if (earlier === undefined)
            return {
              result: { ...base, phone, outcome: 'invited' },
              ...(name ? { given: name } : {}),
              item,
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
          return { result, ...(name ? { given: name } : {}), item }
        },
      )
      const results = answered.map(({ result }) => result)
      const written = answered.filter(({ result }) => invites(result))
      if (written.length === 0) return results
      const invitedAt = clock()
      const upserts = written.map(({ result, given, item }) => {
        const itemKind = item.kind ?? kind
        // Invited again as an employee: no longer a partner's invitation. A title, team or site
        // given replaces the invitation's; one not given keeps it, as a name does.
        const kindUpdate: UpdateQuery<InvitationDoc> =
          itemKind === 'employee' ? { $unset: { kind: 1 } } : {}
        const profile = {
          ...(item.title?.trim() ? { title: item.title.trim() } : {}),
          ...(item.team?.trim() ? { team: item.team.trim() } : {}),
          ...(item.site?.trim() ? { site: item.site.trim() } : {}),
        }
        return {
          updateOne: {
            filter: { phone: result.phone },
            update: {
              $set: {
                invitedAt,
                invitedBy: actor,
                ...(given ? { name: given } : {}),
                ...profile,
                ...(itemKind === 'partner' ? { kind: 'partner' as const } : {}),
              },
              ...kindUpdate,
            },
            upsert: true,
          },
        }
      })
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

    async importCsv(actor, { csv, dialCode, kind }) {
      const { people, refused } = readInvitationCsv(csv, { dialCode, kind })
      // Each person's phone is read already: its key goes as typed, with no country to add.
      const results =
        people.length === 0
          ? []
          : await this.invite(actor, {
              invitations: people.map((person) => ({ ...person, phone: `+${person.phone}` })),
            })
      const refusedToo = results.flatMap((result, index): RefusedLine[] => {
        const line = people[index]?.line ?? 0
        if (result.outcome === 'already_member')
          return [
            {
              line,
              reason: 'already_member' as const,
              message: messages.organisation.csvAlreadyMember,
            },
          ]
        if (result.outcome === 'duplicate')
          return [
            { line, reason: 'duplicate' as const, message: messages.organisation.csvDuplicate },
          ]
        if (result.outcome === 'invalid')
          return [
            {
              line,
              reason: 'invalid_phone' as const,
              message: messages.organisation.csvInvalidPhone,
            },
          ]
        return []
      })
      const stored = results.filter(invites)
      const answer = {
        invited: stored.length,
        renewed: stored.filter((result) => result.outcome === 'already_invited').length,
        refused: [...refused, ...refusedToo].sort((a, b) => a.line - b.line),
      }
      await audit.append([
        {
          action: 'invitations_import',
          actor,
          details: { invited: answer.invited, refused: answer.refused.length },
        },
      ])
      return { answer, results: stored }
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
            ...(doc.title ? { title: doc.title } : {}),
            ...(doc.team ? { team: doc.team } : {}),
            ...(doc.site ? { site: doc.site } : {}),
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
      const spent = await Invitation.findOneAndDelete({ phone })
        .select({ kind: 1, title: 1, team: 1, site: 1, _id: 0 })
        .lean()
      if (!spent) return null
      return {
        ...(spent.kind ? { kind: spent.kind } : {}),
        ...(spent.title ? { title: spent.title } : {}),
        ...(spent.team ? { team: spent.team } : {}),
        ...(spent.site ? { site: spent.site } : {}),
      }
    },
  }
}
