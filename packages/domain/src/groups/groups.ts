import { randomUUID } from 'node:crypto'
import {
  groupEvents,
  messages,
  type ParticipantFlag,
  recipientDisplayName,
} from '@palabre/contracts'
import type { Group } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { requireContacts } from '../contacts/reach.js'
import type { ReachRules } from '../contacts/reach.js'
import { DomainError } from '../posts/domain-error.js'
import { inboxEntryModel } from '../posts/inbox-model.js'
import { groupModel } from './group-model.js'
import type { GroupDoc, GroupMember } from './group-model.js'
import { presentGroup } from './group-view.js'
import { isMember, sameMembers, uniqueMembers, withAdded, withRemoved } from './membership.js'
import type { MembershipChange } from './membership.js'
import { isDuplicateKey } from '../database.js'

export type { GroupDoc, GroupMember }
export { presentGroup }

export interface Actor {
  phone: string
  name: string
}

export interface NewGroup {
  idGroup: string
  nomGroup: string
  participants: { phone: string; name?: string | undefined }[]
  noName: '0' | '1'
}

export interface MembershipResult {
  group: GroupDoc
  /** Who was added or removed; empty when nothing changed. */
  changed: GroupMember[]
  /** The members before the change (those removed are told too). */
  before: string[]
}

export interface GroupService {
  /**
   * Creates a folder; the creator is a member and its admin. A retried create returns the first.
   * Its other members must be the creator's contacts, and it holds at most `maxRecipients`
   * members, the creator included (docs/security.md, "Recipients").
   */
  create(actor: Actor, input: NewGroup): Promise<{ group: GroupDoc; created: boolean }>
  get(idGroup: string): Promise<GroupDoc | null>
  /** The folders of a user, last event first, with that user's unread badge. */
  listFor(phone: string): Promise<Group[]>
  /** A member adds people: the same rule as `create` for those new to the folder. */
  addParticipants(
    actor: Actor,
    idGroup: string,
    added: NewGroup['participants'],
  ): Promise<MembershipResult>
  /** Removes members (any member may, themselves included: leaving). */
  removeParticipants(actor: Actor, idGroup: string, phones: string[]): Promise<MembershipResult>
  /**
   * A post to several contacts and no folder goes to the unnamed folder of exactly those people
   * and the sender, created when missing and named by the contacts' names. The post has checked
   * them already (storePost: the sender's contacts, no more than `maxRecipients`).
   */
  unnamedFolderFor(
    actor: Actor,
    contacts: { phone: string; name: string }[],
  ): Promise<{ group: GroupDoc; created: boolean }>
  /** The folders named, each of which `phone` must be a member of (403 otherwise, 404 if missing). */
  requireMember(phone: string, idGroups: string[]): Promise<GroupDoc[]>
  /** Whether `phone` is currently a member of at least one of the folders. */
  isMemberOfAny(phone: string, idGroups: string[]): Promise<boolean>
  /** A post or comment happened in these folders: they move up the folder lists. */
  touch(idGroups: string[], at: Date): Promise<void>
}

const MAX_RETRIES = 8

export const createGroupService = (
  connection: Connection,
  clock: () => Date,
  rules: ReachRules,
): GroupService => {
  const Group = groupModel(connection)
  const Inbox = inboxEntryModel(connection)

  const get = (idGroup: string) => Group.findOne({ _id: idGroup }).lean<GroupDoc>()
  const getMany = async (idGroups: readonly string[]) =>
    (await Promise.all([...new Set(idGroups)].map(get))).filter((g): g is GroupDoc => g !== null)

  const insert = async (doc: GroupDoc) => {
    try {
      await Group.create(doc)
      return { group: doc, created: true }
    } catch (error) {
      if (!isDuplicateKey(error)) throw error
      const existing = await get(doc.idGroup)
      if (!existing) throw error
      return { group: existing, created: false }
    }
  }

  const newGroup = (actor: Actor, input: NewGroup, now: Date): GroupDoc => {
    const participants = uniqueMembers([
      { phone: actor.phone, name: actor.name },
      ...input.participants.map((p) => ({ phone: p.phone, name: p.name ?? '' })),
    ])
    return {
      _id: input.idGroup,
      idGroup: input.idGroup,
      nomGroup: input.nomGroup,
      noName: input.noName,
      createdBy: actor.phone,
      admin: [actor.phone],
      members: participants.map((p) => p.phone),
      participants,
      datecreation: now,
      datelastevent: now,
      lastEvent: groupEvents.newGroup,
      version: 0,
    }
  }

  /**
   * Refuses a folder that would hold more than `maxRecipients` members, or people added who are
   * not the actor's contacts (docs/security.md, "Recipients"). The count comes first: it needs
   * no read and bounds the contacts looked up.
   */
  const admit = async (actor: Actor, members: number, added: readonly GroupMember[]) => {
    if (members > rules.maxRecipients)
      throw new DomainError(
        'validation_failed',
        messages.folder.tooManyMembers(rules.maxRecipients),
      )
    const others = added.map((p) => p.phone).filter((phone) => phone !== actor.phone)
    await requireContacts(
      rules,
      actor.phone,
      others,
      messages.folder.notContacts,
      messages.folder.notVisibleToPartner,
    )
  }

  /**
   * Applies a membership change if nobody changed the folder meanwhile, else re-reads and retries;
   * `check` may refuse the change before anything is written.
   */
  const change = async (
    actor: Actor,
    idGroup: string,
    event: ParticipantFlag,
    compute: (group: GroupDoc) => MembershipChange,
    check?: (next: MembershipChange) => Promise<void>,
  ): Promise<MembershipResult> => {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const group = await get(idGroup)
      if (!group) throw new DomainError('not_found', 'This folder does not exist.')
      if (!isMember(group, actor.phone))
        throw new DomainError('forbidden', 'You are not a member of this folder.')
      const next = compute(group)
      if (next.changed.length === 0) return { group, changed: [], before: group.members }
      await check?.(next)
      const now = clock()
      const update = {
        participants: next.participants,
        members: next.participants.map((p) => p.phone),
        admin: next.admin,
        datelastevent: now,
        lastEvent: event,
      }
      const result = await Group.updateOne(
        { _id: idGroup, version: group.version },
        { $set: update, $inc: { version: 1 } },
      )
      if (result.modifiedCount === 1) {
        return {
          group: { ...group, ...update, version: group.version + 1 },
          changed: next.changed,
          before: group.members,
        }
      }
    }
    throw new DomainError('conflict', 'The folder changed too often; please try again.')
  }

  return {
    async create(actor, input) {
      const existing = await get(input.idGroup)
      if (existing) {
        if (existing.createdBy !== actor.phone)
          throw new DomainError('conflict', 'This folder id is already taken.')
        return { group: existing, created: false }
      }
      const group = newGroup(actor, input, clock())
      await admit(actor, group.participants.length, group.participants)
      const result = await insert(group)
      if (!result.created && result.group.createdBy !== actor.phone)
        throw new DomainError('conflict', 'This folder id is already taken.')
      return result
    },

    get,

    async listFor(phone) {
      const groups = await Group.find({ members: phone })
        .sort({ datelastevent: -1 })
        .lean<GroupDoc[]>()
      if (groups.length === 0) return []
      const [counts, deactivated] = await Promise.all([
        Inbox.aggregate<{ _id: string; n: number }>([
          { $match: { phone, unread: true, groupIds: { $in: groups.map((g) => g.idGroup) } } },
          { $unwind: '$groupIds' },
          { $group: { _id: '$groupIds', n: { $sum: 1 } } },
        ]),
        rules.deactivated.all(),
      ])
      const unread = new Map(counts.map((c) => [c._id, c.n]))
      return groups.map((group) => presentGroup(group, unread.get(group.idGroup) ?? 0, deactivated))
    },

    addParticipants(actor, idGroup, added) {
      const members = added.map((p) => ({ phone: p.phone, name: p.name ?? '' }))
      return change(
        actor,
        idGroup,
        groupEvents.participantAdded,
        (group) => withAdded(group, members),
        (next) => admit(actor, next.participants.length, next.changed),
      )
    },

    removeParticipants(actor, idGroup, phones) {
      return change(actor, idGroup, groupEvents.participantRemoved, (group) =>
        withRemoved(group, phones),
      )
    },

    async unnamedFolderFor(actor, contacts) {
      const people = uniqueMembers(contacts).filter((c) => c.phone !== actor.phone)
      if (people.length < 2) throw new Error('the unnamed-folder rule needs at least two contacts')
      const wanted = new Set([actor.phone, ...people.map((p) => p.phone)])
      const candidates = await Group.find({ members: actor.phone, noName: '1' })
        .select({ idGroup: 1, members: 1 })
        .lean<Pick<GroupDoc, 'idGroup' | 'members'>[]>()
      const match = candidates.find((g) => sameMembers(g.members, wanted))
      if (match) {
        const group = await get(match.idGroup)
        if (group) return { group, created: false }
      }
      const nomGroup = people.map((p) => recipientDisplayName(p)).join(',')
      return insert(
        newGroup(
          actor,
          { idGroup: randomUUID(), nomGroup, participants: people, noName: '1' },
          clock(),
        ),
      )
    },

    async requireMember(phone, idGroups) {
      const ids = [...new Set(idGroups)]
      if (ids.length === 0) return []
      const groups = await getMany(ids)
      for (const id of ids) {
        const group = groups.find((g) => g.idGroup === id)
        if (!group) throw new DomainError('not_found', 'This folder does not exist.')
        if (!isMember(group, phone))
          throw new DomainError('forbidden', 'You are not a member of this folder.')
      }
      return groups
    },

    async isMemberOfAny(phone, idGroups) {
      if (idGroups.length === 0) return false
      return (await getMany(idGroups)).some((group) => isMember(group, phone))
    },

    async touch(idGroups, at) {
      await Promise.all(
        [...new Set(idGroups)].map((_id) =>
          Group.updateOne({ _id, datelastevent: { $lt: at } }, { $set: { datelastevent: at } }),
        ),
      )
    },
  }
}
