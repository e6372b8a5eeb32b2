import {
  adminRoutes,
  announcementRoutes,
  groupsRoutes,
  type CsvInvite,
  type CsvInviteAnswer,
  type Invite,
  type InviteAnswer,
  type UpdateMember,
  type NewAnnouncement,
  type Role,
  type SignupSettingsInput,
} from '@palabre/contracts'
import { callRoute } from '../../lib/api-client'

/**
 * The console's calls (docs/organisation.md); the routes are the contracts'. Every list answers
 * `{total, items}` from the offset `n`, 20 a page.
 */
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {})

export const fetchMembers = (q: string, n: number, signal?: AbortSignal) =>
  callRoute(adminRoutes.getAdminMembers, {
    query: { ...(q === '' ? {} : { q }), n },
    ...withSignal(signal),
  })

export const setMemberRole = (phone: string, role: Role) =>
  callRoute(adminRoutes.postAdminMemberRole, { params: { phone }, body: { role } })

export const deactivateMember = (phone: string) =>
  callRoute(adminRoutes.postAdminMemberDeactivate, { params: { phone } })

export const updateMember = (phone: string, body: UpdateMember) =>
  callRoute(adminRoutes.patchAdminMember, { params: { phone }, body })

export const resetMemberPhoto = (phone: string) =>
  callRoute(adminRoutes.deleteAdminMemberPhoto, { params: { phone } })

export const activateMember = (phone: string) =>
  callRoute(adminRoutes.postAdminMemberActivate, { params: { phone } })

/** The list form answers each item (docs/organisation.md, "Invitations"). */
export const invite = async (body: Invite): Promise<InviteAnswer> => {
  const answer = await callRoute(adminRoutes.postAdminInvitations, { body })
  if (!('results' in answer)) throw new Error('The list of invitations was answered as a file.')
  return answer
}

/** The CSV form answers its counts and the refused lines (docs/organisation.md, "Invitations"). */
export const importInvitations = async (body: CsvInvite): Promise<CsvInviteAnswer> => {
  const answer = await callRoute(adminRoutes.postAdminInvitations, { body })
  if (!('refused' in answer)) throw new Error('The file of invitations was answered as a list.')
  return answer
}

export const fetchInvitations = (n: number, signal?: AbortSignal) =>
  callRoute(adminRoutes.getAdminInvitations, { query: { n }, ...withSignal(signal) })

export const revokeInvitation = (phone: string) =>
  callRoute(adminRoutes.deleteAdminInvitation, { params: { phone } })

export const fetchSettings = (signal?: AbortSignal) =>
  callRoute(adminRoutes.getAdminSettings, withSignal(signal))

export const saveSettings = (body: SignupSettingsInput) =>
  callRoute(adminRoutes.putAdminSettings, { body })

export const fetchAudit = (n: number, phone: string | undefined, signal?: AbortSignal) =>
  callRoute(adminRoutes.getAdminAudit, {
    query: { n, ...(phone === undefined ? {} : { phone }) },
    ...withSignal(signal),
  })

/** Announces (docs/announcements.md): answers the post's id and how many people it reached. */
export const announce = (body: NewAnnouncement) =>
  callRoute(announcementRoutes.postAdminAnnouncement, { body })

/** The administrator's own folders, as the wall lists them: whom an announcement may go to. */
export const fetchFolders = (phone: string, signal?: AbortSignal) =>
  callRoute(groupsRoutes.getGroups, { params: { userPhone: phone }, ...withSignal(signal) })

/** The console's query keys: everything under `admin`, so one action can refresh its lists. */
export const adminKeys = {
  all: ['admin'] as const,
  members: (q: string, n: number) => ['admin', 'members', q, n] as const,
  membersAll: ['admin', 'members'] as const,
  invitations: (n: number) => ['admin', 'invitations', n] as const,
  invitationsAll: ['admin', 'invitations'] as const,
  settings: ['admin', 'settings'] as const,
  audit: (n: number, phone: string | undefined) => ['admin', 'audit', n, phone ?? ''] as const,
  auditAll: ['admin', 'audit'] as const,
  folders: (phone: string) => ['admin', 'folders', phone] as const,
}
