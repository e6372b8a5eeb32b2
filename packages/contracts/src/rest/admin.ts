import { z } from 'zod'
import { countSchema, decimalIndexSchema, isoDateSchema, nameSchema } from '../entities/common.js'
import { memberKindSchema, profileText, updateMemberSchema } from '../entities/profile.js'
import { roleSchema } from '../entities/user.js'
import { errorBodySchema } from '../errors.js'
import { messages } from '../messages.js'
import { canonicalPhoneSchema, dialCodeSchema } from '../phone.js'
import { defineRoute } from '../route.js'
import { noBody, noContent, noParams, noQuery, phoneParams } from './common.js'
import { csvInviteAnswerSchema, csvInviteSchema, maxInvitationsCsvChars } from './invitation-csv.js'

/**
 * The administrators' calls (docs/organisation.md): sign-up settings, invitations, members and
 * the audit trail. Every one needs a session (401) and an administrator (403 `forbidden` for a
 * member). Lists answer `{total, items}`, `n` being the offset, 20 a page.
 */

const offsetSchema = decimalIndexSchema('n is a non-negative integer.').default(0)

/** A page of an admin list: how many there are in all, and those from offset `n`. */
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ total: countSchema, items: z.array(item) })

// 403: the caller is a member, not an administrator.
const adminErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema }

// ---------------------------------------------------------------------------------- settings

export const signupModeSchema = z.enum(['open', 'closed'], {
  error: "The sign-up mode is 'open' or 'closed'.",
})

export type SignupMode = z.infer<typeof signupModeSchema>

/** Labels of letters, digits and inner dashes, then a top-level domain (253 characters in all). */
const domainShape =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/

/**
 * An e-mail domain people of the organisation have: lower-cased, no '@', a domain's shape. The
 * shape is a `regex`, so the OpenAPI document carries it as the field's pattern (lower case:
 * the server lower-cases what it is sent first). A value with '@' gets that one message and no
 * other: one line, one message (docs/organisation.md, "Settings").
 */
export const emailDomainSchema = z
  .string({ error: messages.organisation.domainShape })
  .trim()
  .toLowerCase()
  .refine((value) => !value.includes('@'), {
    message: messages.organisation.domainWithAt,
    abort: true,
  })
  .max(253, messages.organisation.domainShape)
  .regex(domainShape, messages.organisation.domainShape)

/** The most e-mail domains a space may allow. */
export const maxAllowedEmailDomains = 100

export const signupSettingsSchema = z
  .object({
    signupMode: signupModeSchema,
    allowedEmailDomains: z
      .array(emailDomainSchema)
      .max(maxAllowedEmailDomains, `At most ${maxAllowedEmailDomains} domains.`),
  })
  .meta({ id: 'SignupSettings' })

export type SignupSettingsInput = z.input<typeof signupSettingsSchema>

/** The settings in force; `savedAt` is null while the environment's hold (none saved yet). */
export const signupSettingsAnswerSchema = z
  .object({
    signupMode: signupModeSchema,
    allowedEmailDomains: z.array(z.string()),
    savedAt: isoDateSchema.nullable(),
  })
  .meta({ id: 'SignupSettingsAnswer' })

export type SignupSettings = z.infer<typeof signupSettingsAnswerSchema>

export const getAdminSettings = defineRoute({
  method: 'get',
  path: '/api/admin/settings',
  summary: "The sign-up settings in force: the saved ones, else the environment's.",
  tag: 'admin',
  auth: true,
  admin: true,
  params: noParams,
  query: noQuery,
  body: noBody,
  responses: { 200: signupSettingsAnswerSchema, ...adminErrors },
})

export const putAdminSettings = defineRoute({
  method: 'put',
  path: '/api/admin/settings',
  summary: 'Save the sign-up settings; from then on they hold, whatever the environment says.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: noParams,
  query: noQuery,
  body: signupSettingsSchema,
  responses: { 200: signupSettingsAnswerSchema, ...adminErrors },
})

// ------------------------------------------------------------------------------- invitations

/** The most invitations one call may send (a pasted list). */
export const maxInvitationsPerCall = 200

/**
 * The body of 200 invitations, each a phone of up to 64 characters and a name, title, team and
 * site of up to 100: about 250 KB at 3 bytes a character. A file's text of up to 500,000
 * characters is 1.5 MB at 3 bytes a character, 3 MB if every character came as a `\uXXXX`
 * escape: the limit is the larger.
 */
export const maxInvitationsBodyBytes = Math.max(1024 * 1024, 6 * maxInvitationsCsvChars)

export const invitationInputSchema = z.object({
  /** As typed: read with the call's dial code unless it starts with '+' or '00'. */
  phone: z
    .string({ error: 'Each invitation needs a phone.' })
    .max(64, 'A phone is at most 64 characters.'),
  name: nameSchema.optional(),
  /** What the sign-up copies onto the account (docs/organisation.md, "Profiles"). */
  title: profileText('A title', messages.profile.titleTooLong).optional(),
  team: profileText('A team', messages.profile.teamTooLong).optional(),
  site: profileText('A site', messages.profile.siteTooLong).optional(),
})

export const inviteSchema = z
  .object({
    invitations: z
      .array(invitationInputSchema)
      .min(1, 'Name at least one phone to invite.')
      .max(maxInvitationsPerCall, `At most ${maxInvitationsPerCall} invitations at once.`),
    /** The country of numbers typed without '+' or '00' ('33' or '+33'). */
    dialCode: dialCodeSchema.optional(),
    /** The kind each invitee's account gets at sign-up (docs/organisation.md, "Profiles"). */
    kind: memberKindSchema.optional(),
    csv: z
      .never({ error: 'Send either invitations or csv, not both.' })
      .meta({ type: 'string', not: {}, description: 'Not with the other form.' })
      .optional(),
  })
  .meta({ id: 'Invite' })

export type Invite = z.input<typeof inviteSchema>

const bothForms = 'Send either invitations or csv, not both.'
const neitherForm = 'Send invitations (a list of phones) or csv (the text of a file).'

const has = (input: unknown, key: string): boolean =>
  typeof input === 'object' && input !== null && key in input

/**
 * The body of `POST /api/admin/invitations`: the list, or a file's text (docs/organisation.md,
 * "Invitations"). A body that fits neither is told which form it was read as: both keys, none,
 * or the first problem of the form its key names.
 */
export const inviteBodySchema = z.union([inviteSchema, csvInviteSchema], {
  error: (issue) => {
    const { input } = issue
    const list = has(input, 'invitations')
    const csv = has(input, 'csv')
    if (list === csv) return list ? bothForms : neitherForm
    const errors = issue.code === 'invalid_union' ? issue.errors : []
    return errors[list ? 0 : 1]?.[0]?.message ?? neitherForm
  },
})

export type InviteBody = z.input<typeof inviteBodySchema>

/**
 * What became of one invitation: `invited` (stored, message sent when `messageSent`),
 * `already_invited` (that phone's invitation was pending: renewed, its message sent again),
 * `already_member` (that phone has an account), `invalid` (not a phone of an accepted country),
 * `duplicate` (the same phone earlier in the list).
 */
export const inviteOutcomeSchema = z.enum([
  'invited',
  'already_invited',
  'already_member',
  'invalid',
  'duplicate',
])

export type InviteOutcome = z.infer<typeof inviteOutcomeSchema>

export const inviteResultSchema = z.object({
  /** The phone as it was sent. */
  input: z.string(),
  /** Its key, when it is a phone. */
  phone: canonicalPhoneSchema.optional(),
  /** The name given; with `already_invited`, the name the invitation has now, kept or given. */
  name: z.string().optional(),
  /** With `already_invited`: the name this line's name replaced. */
  previousName: z.string().optional(),
  outcome: inviteOutcomeSchema,
  /** With `invited` and `already_invited`: whether the message with the sign-up link went out. */
  messageSent: z.boolean().optional(),
})

export type InviteResult = z.infer<typeof inviteResultSchema>

export const inviteAnswerSchema = z
  .object({ results: z.array(inviteResultSchema) })
  .meta({ id: 'InviteAnswer' })

export type InviteAnswer = z.infer<typeof inviteAnswerSchema>

export const invitationSchema = z
  .object({
    phone: canonicalPhoneSchema,
    name: z.string().optional(),
    invitedAt: isoDateSchema,
    /** The administrator who invited (last). */
    invitedBy: canonicalPhoneSchema,
    /** That administrator's own name (their account's), while they have an account. */
    invitedByName: z.string().optional(),
    /** Present for a partner's invitation: the kind their account gets at sign-up. */
    kind: memberKindSchema.optional(),
    /** What the sign-up copies onto the account, when the invitation gave it. */
    title: z.string().optional(),
    team: z.string().optional(),
    site: z.string().optional(),
  })
  .meta({ id: 'Invitation' })

export type Invitation = z.infer<typeof invitationSchema>

export const postAdminInvitations = defineRoute({
  method: 'post',
  path: '/api/admin/invitations',
  summary:
    "Invite phones, from a list (each item answered with its outcome) or from a CSV file's text (answered `{invited, renewed, messagesSent, refused: [{line, reason, message}]}`): each gets a WhatsApp message with the sign-up link.",
  tag: 'admin',
  auth: true,
  admin: true,
  params: noParams,
  query: noQuery,
  body: inviteBodySchema,
  bodyLimit: maxInvitationsBodyBytes,
  responses: { 200: z.union([inviteAnswerSchema, csvInviteAnswerSchema]), ...adminErrors },
})

export const getAdminInvitations = defineRoute({
  method: 'get',
  path: '/api/admin/invitations',
  summary: 'The pending invitations, newest first, 20 from offset n.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: noParams,
  query: z.strictObject({ n: offsetSchema }),
  body: noBody,
  responses: {
    200: pageOf(invitationSchema).meta({ id: 'InvitationPage' }),
    ...adminErrors,
  },
})

export const deleteAdminInvitation = defineRoute({
  method: 'delete',
  path: '/api/admin/invitations/:phone',
  summary: 'Revoke a pending invitation. 404 when none is pending for that phone.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: phoneParams('phone'),
  query: noQuery,
  body: noBody,
  responses: { 204: noContent, ...adminErrors, 404: errorBodySchema },
})

// ----------------------------------------------------------------------------------- members

export const memberStatusSchema = z.enum(['active', 'deactivated'])

export const memberSchema = z
  .object({
    phone: canonicalPhoneSchema,
    name: z.string(),
    mail: z.string(),
    role: roleSchema,
    status: memberStatusSchema,
    createdAt: isoDateSchema,
    /** The last authenticated call, to the minute; null when none was recorded yet. */
    lastSeenAt: isoDateSchema.nullable(),
    /** Named in ADMIN_PHONES: an administrator nobody can make a member. */
    adminByConfiguration: z.boolean(),
    /** When an administrator deactivated them; null while active. */
    deactivatedAt: isoDateSchema.nullable(),
    /** Their profile's title, team and site ('' when unset) and kind (docs/organisation.md, "Profiles"). */
    title: z.string(),
    team: z.string(),
    site: z.string(),
    kind: memberKindSchema,
    /** The file name of their photo, absent without one (docs/organisation.md, "Photos"). */
    photo: z.string().optional(),
  })
  .meta({ id: 'Member' })

export type Member = z.infer<typeof memberSchema>

export const getAdminMembers = defineRoute({
  method: 'get',
  path: '/api/admin/members',
  summary: 'The members by name, 20 from offset n; q keeps those whose name or phone contains it.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: noParams,
  query: z.strictObject({
    q: z.string().trim().max(100, 'The search word is at most 100 characters.').optional(),
    n: offsetSchema,
  }),
  body: noBody,
  responses: { 200: pageOf(memberSchema).meta({ id: 'MemberPage' }), ...adminErrors },
})

export const setRoleSchema = z.object({ role: roleSchema }).meta({ id: 'SetRole' })

export const postAdminMemberRole = defineRoute({
  method: 'post',
  path: '/api/admin/members/:phone/role',
  summary:
    'Make a member an administrator or a member again. 403: oneself, or an administrator of ADMIN_PHONES, made a member.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: phoneParams('phone'),
  query: noQuery,
  body: setRoleSchema,
  responses: { 200: memberSchema, ...adminErrors, 404: errorBodySchema },
})

export const postAdminMemberDeactivate = defineRoute({
  method: 'post',
  path: '/api/admin/members/:phone/deactivate',
  summary:
    'Deactivate a member: answered once every realtime node has closed their sockets and finished their events in flight; their sessions end, sign-in, codes and reset answer 403 `deactivated`. 403: oneself. 503: a node did not confirm in time (the account stays deactivated; call again).',
  tag: 'admin',
  auth: true,
  admin: true,
  params: phoneParams('phone'),
  query: noQuery,
  body: noBody,
  responses: { 200: memberSchema, ...adminErrors, 404: errorBodySchema, 503: errorBodySchema },
})

export const postAdminMemberActivate = defineRoute({
  method: 'post',
  path: '/api/admin/members/:phone/activate',
  summary: 'Activate a deactivated member again: everything is as it was before.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: phoneParams('phone'),
  query: noQuery,
  body: noBody,
  responses: { 200: memberSchema, ...adminErrors, 404: errorBodySchema },
})

export const patchAdminMember = defineRoute({
  method: 'patch',
  path: '/api/admin/members/:phone',
  summary:
    "Change a member's name, title, team, site or kind ('employee' or 'partner'); audited as `member_update`. 404: no such member.",
  tag: 'admin',
  auth: true,
  admin: true,
  params: phoneParams('phone'),
  query: noQuery,
  body: updateMemberSchema,
  responses: { 200: memberSchema, ...adminErrors, 404: errorBodySchema },
})

export const deleteAdminMemberPhoto = defineRoute({
  method: 'delete',
  path: '/api/admin/members/:phone/photo',
  summary:
    'Remove a member\'s photo (docs/organisation.md, "Photos"); audited as `member_photo_reset` when they had one. 404: no such member.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: phoneParams('phone'),
  query: noQuery,
  body: noBody,
  responses: { 204: noContent, ...adminErrors, 404: errorBodySchema },
})

// ------------------------------------------------------------------------------------- audit

export const auditActionSchema = z.enum([
  'invite',
  'revoke',
  'role',
  'settings',
  'deactivate',
  'activate',
  'announce',
  'remind',
  'export',
  /** A person changed their own password (docs/security.md, "Passwords"). */
  'password_change',
  'member_update',
  /** An administrator removed a member's photo (docs/organisation.md, "Photos"). */
  'member_photo_reset',
  /** A CSV file of invitations: `{invited, refused}` counts (docs/organisation.md, "Invitations"). */
  'invitations_import',
])

export type AuditAction = z.infer<typeof auditActionSchema>

export const auditEntrySchema = z
  .object({
    id: z.string(),
    at: isoDateSchema,
    action: auditActionSchema,
    /** The administrator who acted, and their name when they still have an account. */
    actor: canonicalPhoneSchema,
    actorName: z.string().optional(),
    /** The member or phone acted on (none for a settings change). */
    target: canonicalPhoneSchema.optional(),
    targetName: z.string().optional(),
    /**
     * What changed: `{name}` for an invitation, `{from, to}` for a role or the settings, `{name}`
     * for a (de)activation, `{idPostEmet, start, recipients, folders}` for an announcement,
     * `{<field>: {from, to}}` for each field a `member_update` changed, `{photo}` (the removed
     * file name) for a `member_photo_reset`.
     */
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' })

export type AuditEntry = z.infer<typeof auditEntrySchema>

export const getAdminAudit = defineRoute({
  method: 'get',
  path: '/api/admin/audit',
  summary:
    'The audit trail, newest first, 20 from offset n; phone keeps the entries it acted or was acted on.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: noParams,
  query: z.strictObject({ n: offsetSchema, phone: canonicalPhoneSchema.optional() }),
  body: noBody,
  responses: { 200: pageOf(auditEntrySchema).meta({ id: 'AuditPage' }), ...adminErrors },
})

export const adminRoutes = {
  getAdminSettings,
  putAdminSettings,
  postAdminInvitations,
  getAdminInvitations,
  deleteAdminInvitation,
  getAdminMembers,
  postAdminMemberRole,
  postAdminMemberDeactivate,
  postAdminMemberActivate,
  patchAdminMember,
  deleteAdminMemberPhoto,
  getAdminAudit,
} as const
