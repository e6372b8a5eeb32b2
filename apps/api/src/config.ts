import { randomBytes } from 'node:crypto'
import { isAbsolute, resolve } from 'node:path'
import {
  canonicalPhone,
  defaultMaxAnnouncementRecipients,
  emailDomainSchema,
  signupModeSchema,
} from '@palabre/contracts'
import type { SignupMode } from '@palabre/contracts'
import { DEFAULT_MAX_RECIPIENTS } from '@palabre/domain'
import {
  ConfigError,
  failOn,
  optionalText,
  optionalUrl,
  parseEnv,
  portSchema,
  productionProblems,
  serverEnv,
  unsetIfEmpty,
} from '@palabre/server-kit'
import { z } from 'zod'

export { ConfigError }

/** The bucket's settings, read by the api (FILE_STORE=s3) and by `pnpm files:move-to-s3`. */
const s3Env = {
  /** Unset: Amazon S3 itself, in S3_REGION. */
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalText,
  S3_REGION: unsetIfEmpty(z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (`<endpoint>/<bucket>/<key>`), as SeaweedFS and MinIO want. */
  S3_FORCE_PATH_STYLE: unsetIfEmpty(z.stringbool().default(false)),
}

const envSchema = z.object({
  // NODE_ENV, HOST, MONGO_URL, MONGO_DB, PUBLIC_URL, TRUST_PROXY, DB_TIMEOUT_MS, LOG_LEVEL and
  // METRICS_TOKEN, as the realtime server reads them; REDIS_URL is where ended sessions are
  // announced to the realtime nodes, and the previews' jobs run (docs/security.md).
  ...serverEnv,
  PORT: portSchema(3000),
  /** OTP codes one client address may ask for per hour (docs/security.md, "One-time codes"). */
  OTP_SENDS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(600),
  /** The most recipients of a post and members of a folder (docs/security.md, "Recipients"). */
  MAX_RECIPIENTS: z.coerce.number().int().positive().default(DEFAULT_MAX_RECIPIENTS),
  /** The most recipients of an announcement (docs/announcements.md). */
  MAX_ANNOUNCEMENT_RECIPIENTS: z.coerce
    .number()
    .int()
    .positive()
    .default(defaultMaxAnnouncementRecipients),
  SESSION_SECRET: optionalText,
  /** One log line per request (docs/operations.md, "Request logs"); on except in tests. */
  LOG_REQUESTS: z.stringbool().optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Palabre <no-reply@palabre.local>'),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_WHATSAPP_FROM: optionalText,
  /** Where the twilio client sends its requests; tests point it at a local stand-in. */
  TWILIO_API_BASE: optionalUrl,
  OTP_LOG_FILE: optionalText,
  UPLOAD_DIR: z.string().default('./data/uploads'),
  /** Where stored files are kept (docs/files.md, "Where files are kept"). */
  FILE_STORE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['disk', 's3']).default('disk'),
  ),
  ...s3Env,
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** LibreOffice for office previews: unset looks it up on the PATH, `off` disables previews. */
  SOFFICE_PATH: optionalText,
  /** The longest one office preview may take to convert (docs/files.md, "Previews"). */
  PREVIEW_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /**
   * The converter service's Unix socket; set, this node sends its conversions there instead of
   * running LibreOffice in a sandbox of its own (docs/files.md, "The sandbox").
   */
  PREVIEW_CONVERTER_SOCKET: optionalText,
  /** Previews one person may have waiting or being made at once (docs/files.md, "Fair turns"). */
  PREVIEWS_PER_PERSON: z.coerce.number().int().positive().default(3),
  LEGACY_REGISTRATION_URL: optionalUrl,
  /** Administrators whenever they have an account (docs/organisation.md, "Roles"): `+33…,+221…`. */
  ADMIN_PHONES: optionalText,
  /** The sign-up settings while none are saved (docs/organisation.md, "Settings"). */
  SIGNUP_MODE: z.preprocess((v) => (v === '' ? undefined : v), signupModeSchema.default('open')),
  SIGNUP_EMAIL_DOMAINS: optionalText,
  /** A Twilio content template for invitations; a plain message without it. */
  TWILIO_INVITE_CONTENT_SID: optionalText,
})

export type ApiEnv = z.input<typeof envSchema>

/** A bucket of an S3 server (docs/files.md, "Where files are kept"). */
export interface S3Settings {
  /** S3_ENDPOINT; undefined: Amazon S3 in `region`. */
  endpoint: string | undefined
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** The bucket in the URL's path rather than its host name (SeaweedFS, MinIO). */
  forcePathStyle: boolean
}

/** FILE_STORE: a folder of this machine (UPLOAD_DIR), or a bucket every api node shares. */
export type FileStoreConfig = { kind: 'disk' } | { kind: 's3'; s3: S3Settings }

/** The api's configuration, parsed once at start from the environment (or a test's object). */
export interface ApiConfig {
  env: 'development' | 'test' | 'production'
  port: number
  host: string | undefined
  mongo: { url: string | undefined; dbName: string | undefined; timeoutMs: number }
  redisUrl: string | undefined
  /** The most recipients of a post and members of a folder (docs/security.md, "Recipients"). */
  maxRecipients: number
  /** The most recipients of an announcement (docs/announcements.md). */
  maxAnnouncementRecipients: number
  /** Signs short-lived cookies (proof of a verified OTP). Random per process outside production. */
  sessionSecret: string
  /** The pinned public origin; undefined: this machine at any of its addresses. */
  publicUrl: string | undefined
  trustProxy: boolean
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  logRequests: boolean
  /** METRICS_TOKEN: GET /metrics answers the scraper that sends it; undefined: no metrics. */
  metricsToken: string | undefined
  /** Cookies are Secure whenever the product is served over https. */
  secureCookies: boolean
  mail: { smtpUrl: string | undefined; from: string }
  whatsapp: {
    accountSid: string | undefined
    authToken: string | undefined
    from: string | undefined
    apiBase: string | undefined
    /** TWILIO_INVITE_CONTENT_SID: the content template of invitations, if any. */
    inviteContentSid: string | undefined
  }
  otpLogFile: string | undefined
  otpSendsPerAddressPerHour: number
  /** UPLOAD_DIR: the disk store's folder, and where uploads arrive (docs/files.md, "Uploads"). */
  uploads: { dir: string; maxBytes: number }
  /** Where stored files are kept (docs/files.md, "Where files are kept"). */
  fileStore: FileStoreConfig
  /**
   * `soffice` undefined: look it up on the PATH; null: previews off. `converterSocket`: the
   * converter service's, which then converts instead of this node's own sandbox.
   */
  previews: {
    soffice: string | null | undefined
    timeoutMs: number
    searchPath: string
    converterSocket: string | undefined
    perPerson: number
  }
  legacyRegistrationUrl: string | undefined
  /** ADMIN_PHONES as phone keys (docs/organisation.md, "Roles"). */
  adminPhones: string[]
  /** SIGNUP_MODE and SIGNUP_EMAIL_DOMAINS: the settings until an administrator saves some. */
  signup: { signupMode: SignupMode; allowedEmailDomains: string[] }
}

/** A comma-separated list, without blanks. */
const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

/**
 * ADMIN_PHONES in international form ('+33 6 12 34 56 78'), read by the contracts' phone rule
 * (docs/behaviour.md, "Phone numbers"), so each is the key its sign-up gets.
 */
const readAdminPhones = (value: string | undefined, problems: string[]): string[] => {
  const keys: string[] = []
  for (const typed of listOf(value)) {
    const key = canonicalPhone(typed)
    if (key === null)
      problems.push(`  ADMIN_PHONES: '${typed}' is not a phone in international form (+33…)`)
    else keys.push(key)
  }
  return [...new Set(keys)]
}

const readDomains = (value: string | undefined, problems: string[]): string[] => {
  const domains: string[] = []
  for (const typed of listOf(value)) {
    const parsed = emailDomainSchema.safeParse(typed)
    if (parsed.success) domains.push(parsed.data)
    else
      problems.push(
        `  SIGNUP_EMAIL_DOMAINS: '${typed}': ${parsed.error.issues[0]?.message ?? 'not a domain'}`,
      )
  }
  return [...new Set(domains)]
}

const s3Schema = z.object(s3Env)

/** The S3_* settings, or undefined with each missing one told in `problems`, `required` why. */
const readS3 = (
  env: z.infer<typeof s3Schema>,
  problems: string[],
  required: string,
): S3Settings | undefined => {
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
    (name) => env[name] === undefined,
  )
  for (const name of missing) problems.push(`  ${name}: ${required}`)
  if (
    env.S3_BUCKET === undefined ||
    env.S3_ACCESS_KEY_ID === undefined ||
    env.S3_SECRET_ACCESS_KEY === undefined
  )
    return undefined
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  }
}

/**
 * What `pnpm files:move-to-s3` reads (docs/files.md, "Where files are kept"): UPLOAD_DIR as the
 * api reads it, a relative one from the folder the command was typed in (`pnpm --filter` runs
 * the command in apps/api and names that folder in INIT_CWD), and the bucket's settings.
 */
export const loadMoveToS3Settings = (
  source: Record<string, string | undefined> = process.env,
): { uploadDir: string; s3: S3Settings } => {
  const dir = source['UPLOAD_DIR']?.trim() || './data/uploads'
  return {
    uploadDir: isAbsolute(dir) ? dir : resolve(source['INIT_CWD'] ?? process.cwd(), dir),
    s3: loadS3Settings(source),
  }
}

/** The database alone, from the environment: for `pnpm counts:recount`. */
export const loadDatabaseSettings = (
  source: Record<string, string | undefined> = process.env,
): { url: string; dbName: string | undefined } => {
  const url = source['MONGO_URL']?.trim()
  if (!url) throw new ConfigError('Invalid configuration:\n  MONGO_URL: required')
  return { url, dbName: source['MONGO_DB']?.trim() || undefined }
}

/**
 * The bucket's settings alone, from the environment, whatever FILE_STORE says: for `pnpm
 * files:move-to-s3`, which fills the bucket before the api is switched to it.
 */
export const loadS3Settings = (
  source: Record<string, string | undefined> = process.env,
): S3Settings => {
  const problems: string[] = []
  const s3 = readS3(parseEnv(s3Schema, source), problems, 'required')
  failOn(problems)
  if (s3 === undefined) throw new ConfigError('Invalid configuration: no bucket')
  return s3
}

export const loadConfig = (source: Record<string, string | undefined> = process.env): ApiConfig => {
  const env = parseEnv(envSchema, source)
  const problems = productionProblems(env)
  if (env.NODE_ENV === 'production' && (env.SESSION_SECRET ?? '').length < 32)
    problems.push('  SESSION_SECRET: at least 32 characters required in production')
  const adminPhones = readAdminPhones(env.ADMIN_PHONES, problems)
  const allowedEmailDomains = readDomains(env.SIGNUP_EMAIL_DOMAINS, problems)
  const s3 =
    env.FILE_STORE === 's3' ? readS3(env, problems, 'required with FILE_STORE=s3') : undefined
  failOn(problems)
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    mongo: { url: env.MONGO_URL, dbName: env.MONGO_DB, timeoutMs: env.DB_TIMEOUT_MS },
    redisUrl: env.REDIS_URL,
    maxRecipients: env.MAX_RECIPIENTS,
    maxAnnouncementRecipients: env.MAX_ANNOUNCEMENT_RECIPIENTS,
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    logRequests: env.LOG_REQUESTS ?? env.NODE_ENV !== 'test',
    metricsToken: env.METRICS_TOKEN,
    secureCookies: env.PUBLIC_URL?.startsWith('https:') ?? false,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    whatsapp: {
      accountSid: env.TWILIO_ACCOUNT_SID,
      authToken: env.TWILIO_AUTH_TOKEN,
      from: env.TWILIO_WHATSAPP_FROM,
      apiBase: env.TWILIO_API_BASE,
      inviteContentSid: env.TWILIO_INVITE_CONTENT_SID,
    },
    otpLogFile: env.OTP_LOG_FILE,
    otpSendsPerAddressPerHour: env.OTP_SENDS_PER_ADDRESS_PER_HOUR,
    uploads: { dir: env.UPLOAD_DIR, maxBytes: env.UPLOAD_MAX_BYTES },
    fileStore: s3 === undefined ? { kind: 'disk' } : { kind: 's3', s3 },
    previews: {
      soffice: env.SOFFICE_PATH === 'off' ? null : env.SOFFICE_PATH,
      timeoutMs: env.PREVIEW_TIMEOUT_MS,
      // Where `soffice` and bubblewrap are looked for; a test's object names no PATH.
      searchPath: source['PATH'] ?? process.env['PATH'] ?? '',
      converterSocket: env.PREVIEW_CONVERTER_SOCKET,
      perPerson: env.PREVIEWS_PER_PERSON,
    },
    legacyRegistrationUrl: env.LEGACY_REGISTRATION_URL,
    adminPhones,
    signup: { signupMode: env.SIGNUP_MODE, allowedEmailDomains },
  }
}
