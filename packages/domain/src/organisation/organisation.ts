import type { Connection } from 'mongoose'
import { createAuditTrail } from './audit.js'
import type { AuditTrail } from './audit.js'
import { createSignupGate } from './gate.js'
import type { SignupGate } from './gate.js'
import { createInvitationsService } from './invitations.js'
import type { InvitationsService } from './invitations.js'
import { createMembersService } from './members.js'
import type { MembersService } from './members.js'
import { OPEN_SIGNUP, createSignupSettings } from './settings.js'
import type { SignupDefaults, SignupSettingsService } from './settings.js'

export interface OrganisationOptions {
  /** ADMIN_PHONES, as phone keys: administrators whenever they have an account. */
  adminPhones?: readonly string[]
  /** SIGNUP_MODE and SIGNUP_EMAIL_DOMAINS: the settings while none are saved. */
  signupDefaults?: SignupDefaults
}

/** The organisation (docs/organisation.md): roles, the closed space, invitations, the audit. */
export interface OrganisationService {
  members: MembersService
  settings: SignupSettingsService
  gate: SignupGate
  invitations: InvitationsService
  audit: AuditTrail
}

export const createOrganisationService = (
  connection: Connection,
  clock: () => Date,
  { adminPhones = [], signupDefaults = OPEN_SIGNUP }: OrganisationOptions = {},
): OrganisationService => {
  const admins = new Set(adminPhones)
  const audit = createAuditTrail(connection, clock)
  const settings = createSignupSettings(connection, clock, signupDefaults, audit)
  const invitations = createInvitationsService(connection, clock, audit)
  return {
    members: createMembersService(connection, clock, admins, audit),
    settings,
    gate: createSignupGate(connection, admins, settings, invitations),
    invitations,
    audit,
  }
}
