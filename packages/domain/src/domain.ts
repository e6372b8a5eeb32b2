import type { Connection } from 'mongoose'
import { createOtpService } from './otp/otp.js'
import { createRateLimiter } from './otp/rate-limiter.js'
import { createSessionService } from './sessions/sessions.js'
import { createUserService } from './users/users.js'
import { createContactService } from './contacts/contacts.js'
import { createGroupService } from './groups/groups.js'
import { createPostService } from './posts/posts.js'
import { createCommentService } from './comments/comments.js'
import { createSyncService } from './sync/sync.js'
import { createPresenceService } from './sync/presence.js'
import { createProofLedger } from './proofs/proofs.js'

/** What differs between production and tests: the clock (expiry tests) and the bcrypt cost. */
export interface DomainOptions {
  clock?: () => Date
  /** bcrypt cost, 10 unless a test lowers it. */
  passwordHashCost?: number
}

const systemClock = (): Date => new Date()

/**
 * Every domain service over one database connection. Both servers build one of these; each
 * area adds its service here (one line) and keeps its code in its own folder.
 */
export const createDomain = (connection: Connection, options: DomainOptions = {}) => ({
  connection,
  sessions: createSessionService(connection),
  otp: createOtpService(connection, createRateLimiter(connection), options.clock ?? systemClock),
  users: createUserService(connection, createRateLimiter(connection), {
    passwordHashCost: options.passwordHashCost ?? 10,
    clock: options.clock ?? systemClock,
  }),
  contacts: createContactService(connection, options.clock ?? systemClock),
  groups: createGroupService(connection, options.clock ?? systemClock),
  posts: createPostService(connection, options.clock ?? systemClock),
  comments: createCommentService(connection, options.clock ?? systemClock),
  sync: createSyncService(connection, options.clock ?? systemClock),
  presence: createPresenceService(connection),
  proofs: createProofLedger(connection),
})

export type Domain = ReturnType<typeof createDomain>

/** Builds every index the models declare; call once at start-up (and in tests). */
export const syncIndexes = async (domain: Domain): Promise<void> => {
  await Promise.all(Object.values(domain.connection.models).map((model) => model.createIndexes()))
}
