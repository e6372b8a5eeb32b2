import type { GroupDoc, GroupMember } from './group-model.js'

/** Pure membership arithmetic, kept apart from storage so the rules read in one place. */

export const uniqueMembers = (members: readonly GroupMember[]): GroupMember[] => {
  const seen = new Map<string, GroupMember>()
  for (const member of members) if (!seen.has(member.phone)) seen.set(member.phone, member)
  return [...seen.values()]
}

export const isMember = (group: Pick<GroupDoc, 'members'>, phone: string): boolean =>
  group.members.includes(phone)

/** The same people, in any order and whoever created it. */
export const sameMembers = (members: readonly string[], wanted: ReadonlySet<string>): boolean =>
  members.length === wanted.size && members.every((phone) => wanted.has(phone))

export interface MembershipChange {
  participants: GroupMember[]
  admin: string[]
  changed: GroupMember[]
}

export const withAdded = (group: GroupDoc, added: readonly GroupMember[]): MembershipChange => {
  const fresh = uniqueMembers(added).filter((member) => !isMember(group, member.phone))
  return { participants: [...group.participants, ...fresh], admin: group.admin, changed: fresh }
}

export const withRemoved = (group: GroupDoc, phones: readonly string[]): MembershipChange => {
  const gone = new Set(phones)
  return {
    participants: group.participants.filter((member) => !gone.has(member.phone)),
    admin: group.admin.filter((phone) => !gone.has(phone)),
    changed: group.participants.filter((member) => gone.has(member.phone)),
  }
}
