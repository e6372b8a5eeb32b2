import { setTimeout as sleep } from 'node:timers/promises'
import type { Connection } from 'mongoose'
import { createOtpService } from './otp/otp.js'
import { createRateLimiter } from './otp/rate-limiter.js'
import { createSessionService } from './sessions/sessions.js'
import { createUserService } from './users/users.js'
import { createProfileService } from './users/profiles.js'
import { createDeactivatedPeople } from './users/deactivated.js'
import { createAnnouncementService } from './announcements/announcements.js'
import { defaultMaxAnnouncementRecipients } from '@palabre/contracts'
import { createContactService } from './contacts/contacts.js'
import { createPeopleVisibility } from './people/visibility.js'
import { createDirectory } from './people/directory.js'
import { DEFAULT_MAX_RECIPIENTS } from './contacts/reach.js'
import { createGroupService } from './groups/groups.js'
import { createPostService } from './posts/posts.js'
import { createCommentService } from './comments/comments.js'
import { createSyncService } from './sync/sync.js'
import { createPresenceService } from './sync/presence.js'
import { createProofLedger } from './proofs/proofs.js'
import { createPollService } from './polls/polls.js'
import { createFileService } from './files/files.js'
import { createFileViewService } from './files/views.js'
import { createOrganisationService } from './organisation/organisation.js'
import { createExportReaders } from './export/index.js'
import type { SignupDefaults } from './organisation/settings.js'

/** What differs between deployments and tests: the clock (expiry tests), bcrypt cost, limits. */
export interface DomainOptions {
  clock?: () => Date
  /** bcrypt cost, 10 unless a test lowers it. */
  passwordHashCost?: number
  /** OTP codes sent per client address per hour (600). */
  otpSendsPerAddressPerHour?: number
  /**
   * The most recipients of a post and members of a folder (MAX_RECIPIENTS, 500 unless set):
   * docs/security.md, "Recipients".
   */
  maxRecipients?: number
  /** The most people one announcement may reach (MAX_ANNOUNCEMENT_RECIPIENTS, 100,000). */
  maxAnnouncementRecipients?: number
  /** ADMIN_PHONES as phone keys (docs/organisation.md, "Roles"). */
  adminPhones?: readonly string[]
  /** SIGNUP_MODE and SIGNUP_EMAIL_DOMAINS, until settings are saved (docs/organisation.md). */
  signupDefaults?: SignupDefaults
  /**
   * How long the list of deactivated people may be remembered (0: read each time). Only for a
   * process every deactivation reaches before it answers: a realtime node (docs/organisation.md,
   * "Deactivation").
   */
  rememberDeactivatedMs?: number
}

const systemClock = (): Date => new Date()

/**
 * Every domain service over one database connection. Both servers build one of these; each
 * area adds its service here (one line) and keeps its code in its own folder.
 */
export const createDomain = (connection: Connection, options: DomainOptions = {}) => {
  const clock = options.clock ?? systemClock
  // Who sees whom, asked by the directory, contacts, posts and folders (docs/organisation.md,
  // "The directory").
  const visibility = createPeopleVisibility(connection, new Set(options.adminPhones ?? []))
  const contacts = createContactService(connection, clock, visibility)
  // Posts and folders share one rule of reach (docs/security.md, "Recipients").
  const deactivated = createDeactivatedPeople(connection, {
    rememberMs: options.rememberDeactivatedMs ?? 0,
  })
  const rules = {
    maxRecipients: options.maxRecipients ?? DEFAULT_MAX_RECIPIENTS,
    contacts,
    deactivated,
    visibility,
  }
  const groups = createGroupService(connection, clock, rules)
  const polls = createPollService(connection, clock)
  const files = createFileService(connection, clock, polls)
  const comments = createCommentService(connection, clock, groups, files, deactivated)
  const organisation = createOrganisationService(connection, clock, {
    ...(options.adminPhones ? { adminPhones: options.adminPhones } : {}),
    ...(options.signupDefaults ? { signupDefaults: options.signupDefaults } : {}),
  })
  return {
    connection,
    sessions: createSessionService(connection),
    otp: createOtpService(
      connection,
      createRateLimiter(connection),
      clock,
      options.otpSendsPerAddressPerHour,
    ),
    users: createUserService(connection, createRateLimiter(connection), {
      passwordHashCost: options.passwordHashCost ?? 10,
      clock,
      adminPhones: new Set(options.adminPhones ?? []),
    }),
    profiles: createProfileService(connection),
    contacts,
    deactivated,
    visibility,
    directory: createDirectory(connection, visibility),
    groups,
    posts: createPostService(connection, clock, { groups, rules }),
    comments,
    sync: createSyncService(connection, clock),
    presence: createPresenceService(connection),
    proofs: createProofLedger(connection),
    polls,
    files,
    fileViews: createFileViewService(connection, clock),
    organisation,
    exports: createExportReaders(connection, clock),
    announcements: createAnnouncementService(connection, clock, {
      groups,
      comments,
      files,
      deactivated,
      audit: organisation.audit,
      maxRecipients: options.maxAnnouncementRecipients ?? defaultMaxAnnouncementRecipients,
    }),
  }
}

export type Domain = ReturnType<typeof createDomain>

const isDeadlock = (error: unknown): boolean =>
  error instanceof Error && /deadlock detected/i.test(error.message)

/**
 * Builds every index the models declare; call once at start-up (and in tests). One collection
 * at a time, and again if PostgreSQL picked this build as a deadlock's victim: under FerretDB an
 * index build is DDL, and two processes starting at once (the api and a realtime node) build the
 * same indexes (docs/database-engine.md, "Indexes at start-up").
 */
export const syncIndexes = async (domain: Domain): Promise<void> => {
  for (const model of Object.values(domain.connection.models)) {
    for (let attempt = 1; ; attempt++) {
      try {
        await model.createIndexes()
        break
      } catch (error) {
        if (!isDeadlock(error) || attempt >= 5) throw error
        await sleep(50 * attempt)
      }
    }
  }
}
