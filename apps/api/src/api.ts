import {
  addContactSearchKeys,
  addDirectoryWords,
  addWallCounts,
  connectDatabase,
  createDomain,
  joinEarlierPostFiles,
  markConfirmedAnnouncementsSeen,
  rekeyStoredPhones,
  storedNameRenames,
  syncIndexes,
} from '@palabre/domain'
import type { Express } from 'express'
import { createApp } from './app.js'
import { createFileStore } from './files/create-file-store.js'
import { chooseSandbox } from './files/choose-sandbox.js'
import { repairFileNames } from './files/name-repair.js'
import { createPreviews } from './files/previews.js'
import type { Sandbox } from './files/sandbox.js'
import { createUploadStore } from './files/upload-store.js'
import type { ApiConfig } from './config.js'
import type { ApiContext } from './context.js'
import { createApiMetrics } from './http/metrics.js'
import type { ApiMetrics } from './http/metrics.js'
import { createLogger } from './logger.js'
import type { Logger } from './logger.js'
import { createOtpSenders } from './senders/create-senders.js'
import { createLegacyRegistration } from './senders/legacy-registration.js'
import { noNotices, redisNotices } from './live/notices.js'
import type { LiveNotices } from './live/notices.js'

export interface ApiOptions {
  logger?: Logger
  mongoUrl?: string
  dbName?: string
  /** Tests move time (OTP expiry, lock-outs); shared by the domain and the api. */
  clock?: () => Date
  /**
   * How ended sessions and marks reach the realtime nodes: by default through Redis when
   * REDIS_URL is set, else nowhere (the nodes' own checks close the sockets, and senders see
   * marks at their next catch-up); `pnpm start` calls its own.
   */
  notices?: LiveNotices
  /** Where office previews run; by default the one this machine offers (chooseSandbox). */
  sandbox?: Sandbox | { off: string }
}

export interface Api {
  app: Express
  ctx: ApiContext
  /**
   * What GET /metrics shows (docs/operations.md, "Metrics"), undefined while METRICS_TOKEN is
   * unset; `pnpm start` adds the realtime server's metrics to its registry.
   */
  metrics: ApiMetrics | undefined
  /** Closes the database connection; the caller closes its HTTP server first. */
  destroy(): Promise<void>
}

/** Builds the api and its context (database, services) without listening. */
export const createApi = async (config: ApiConfig, options: ApiOptions = {}): Promise<Api> => {
  const logger = options.logger ?? createLogger(config.logLevel)
  // Before the database: a production api without its senders must not start at all.
  const otpSenders = createOtpSenders(config, logger)
  const clock = options.clock ?? (() => new Date())
  const uri = options.mongoUrl ?? config.mongo.url
  if (!uri) throw new Error('No database: set MONGO_URL.')
  const metrics = config.metricsToken === undefined ? undefined : createApiMetrics()
  // The file store before the database: a bucket that cannot be used fails the start at once
  // (docs/files.md, "Where files are kept").
  const store = await createFileStore(config)
  const connection = await connectDatabase({
    uri,
    dbName: options.dbName ?? config.mongo.dbName,
    timeoutMs: config.mongo.timeoutMs,
    ...(metrics ? { onCommand: metrics.onCommand } : {}),
  }).catch(async (error: unknown) => {
    await store.close()
    throw error
  })
  // bcrypt cost 10 in production; tests hash with the minimum to stay fast.
  const passwordHashCost = config.env === 'test' ? 4 : 10
  const domain = createDomain(connection, {
    clock,
    passwordHashCost,
    otpSendsPerAddressPerHour: config.otpSendsPerAddressPerHour,
    maxRecipients: config.maxRecipients,
    maxAnnouncementRecipients: config.maxAnnouncementRecipients,
    adminPhones: config.adminPhones,
    signupDefaults: config.signup,
  })
  await syncIndexes(domain)
  // Phones earlier rules stored under a wrong key, before any call can read them
  // (docs/phones.md, "Re-keying at start"); nothing is written when there is nothing to fix.
  const rekeyed = await rekeyStoredPhones(connection)
  if (rekeyed.rekeyed.length > 0) logger.info(rekeyed, 'phones re-keyed to their canonical form')
  // Stored names earlier uploads garbled, repaired where they can be, once per database and
  // before any call names them (docs/files.md, "Names garbled by earlier uploads").
  const renamed = await repairFileNames(storedNameRenames(connection), store, clock())
  if (renamed.repaired.length > 0 || renamed.left > 0)
    logger.info(renamed, 'stored file names read as latin1 by earlier uploads: repaired or left')
  // A database written before wall counters gets them, once, before any count is read
  // (docs/data-model.md, "Wall counters").
  const counted = await addWallCounts(connection)
  if (counted > 0) logger.info({ counted }, 'wall counters set from the inbox entries')
  // Announcements confirmed before confirming marked them seen are marked so, once, before any
  // wall is read (docs/announcements.md, "Confirming").
  const seen = await markConfirmedAnnouncementsSeen(connection, clock)
  if (seen > 0) logger.info({ seen }, 'confirmed announcements marked seen')
  // Files stored before a post's files were its own stop counting as unread comments, once, in
  // the background: only comments stored before this start are looked at (docs/behaviour.md,
  // "A post's files").
  void joinEarlierPostFiles(connection, clock).then(
    (joined) => {
      if (joined.joined > 0) logger.info(joined, 'earlier files joined to their posts')
    },
    (err: unknown) => logger.error({ err }, 'earlier files could not be joined to their posts'),
  )
  // Contacts stored before search keys get theirs (docs/behaviour.md, "Search"). The api does
  // not wait: until then a search reads those names as before.
  void addContactSearchKeys(connection).then(
    (keyed) => {
      if (keyed > 0) logger.info({ keyed }, 'contacts given their search keys')
    },
    (err: unknown) => logger.error({ err }, 'contacts could not be given their search keys'),
  )
  // Accounts stored before the directory get its words (docs/organisation.md, "The
  // directory"); until then they are found by no search, only in the unsearched list.
  void addDirectoryWords(connection).then(
    (filled) => {
      if (filled > 0) logger.info({ filled }, 'people given their directory words')
    },
    (err: unknown) => logger.error({ err }, 'people could not be given their directory words'),
  )
  // ADMIN_PHONES hold from this start on (docs/organisation.md, "Roles").
  const promoted = await domain.organisation.members.applyAdminPhones()
  if (promoted > 0) logger.info({ promoted }, 'members of ADMIN_PHONES made administrators')
  const legacyRegistration = createLegacyRegistration(config.legacyRegistrationUrl, logger)
  const notices =
    options.notices ?? (config.redisUrl ? await redisNotices(config.redisUrl, logger) : noNotices)
  const uploads = await createUploadStore(store, {
    uploadDir: config.uploads.dir,
    maxBytes: config.uploads.maxBytes,
  })
  const { timeoutMs, perPerson } = config.previews
  // Never outside a sandbox, and said at start either way (docs/files.md, "The sandbox").
  const sandbox = options.sandbox ?? (await chooseSandbox(config.previews))
  if ('off' in sandbox) logger.warn({ reason: sandbox.off }, 'office previews are off')
  else logger.info({ sandbox: sandbox.kind }, 'office previews: LibreOffice in a sandbox')
  // Jobs on Redis when there is one, else this process's queue (docs/files.md, "Previews").
  const previews = createPreviews({
    store,
    sandbox,
    timeoutMs,
    perPerson,
    logger,
    redisUrl: config.redisUrl,
    ...(metrics ? { onConversion: metrics.previewConverted } : {}),
  })
  metrics?.watchPreviewQueue(() => previews.pending())
  const ctx: ApiContext = {
    config,
    logger,
    domain,
    clock,
    otpSenders,
    legacyRegistration,
    notices,
    store,
    uploads,
    previews,
  }
  return {
    app: createApp(ctx, metrics),
    ctx,
    metrics,
    async destroy() {
      await previews.close()
      await notices.close()
      await uploads.close()
      await store.close()
      await connection.close()
    },
  }
}
