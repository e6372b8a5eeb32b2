import { DEFAULT_MAX_RECIPIENTS } from '@palabre/domain'
import { z } from 'zod'

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional())

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  /** The address to listen on; unset: every interface (docs/operations.md, "A cluster on one machine"). */
  HOST: z.string().min(1).optional(),
  MONGO_URL: optionalUrl,
  MONGO_DB: z.string().optional(),
  REDIS_URL: optionalUrl,
  /**
   * The web app's origin, the only page allowed to open a socket (docs/security.md, "Cross-site
   * requests"); required in production. Unset: pages served by this machine at any address.
   */
  PUBLIC_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.url({ protocol: /^https?$/ }).optional(),
  ),
  /** Trust a proxy's X-Forwarded-* (nginx in docker compose), as the api does. */
  TRUST_PROXY: z.stringbool().default(false),
  /** How long a database operation may wait before the event gets an `unavailable` ack. */
  DB_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
  /** The most recipients of a post and members of a folder (docs/security.md, "Recipients"). */
  MAX_RECIPIENTS: z.coerce.number().int().positive().default(DEFAULT_MAX_RECIPIENTS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The bearer token of GET /metrics; unset: no metrics (docs/operations.md, "Metrics"). */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
})

export interface RealtimeConfig {
  env: 'development' | 'test' | 'production'
  port: number
  host: string | undefined
  mongo: { url: string | undefined; dbName: string | undefined; timeoutMs: number }
  redisUrl: string | undefined
  /** The most recipients of a post and members of a folder (docs/security.md, "Recipients"). */
  maxRecipients: number
  /** The pinned web app origin; undefined: this machine at any of its addresses. */
  publicUrl: string | undefined
  trustProxy: boolean
  logLevel: string
  /** METRICS_TOKEN: GET /metrics answers the scraper that sends it; undefined: no metrics. */
  metricsToken: string | undefined
}

/** The realtime server's configuration, parsed once from the environment. */
export const loadRealtimeConfig = (
  source: Record<string, string | undefined> = process.env,
): RealtimeConfig => {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const problems: string[] = []
  if (env.NODE_ENV === 'production' && !env.MONGO_URL)
    problems.push('  MONGO_URL: required in production')
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL)
    problems.push('  PUBLIC_URL: required in production')
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`)
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    mongo: { url: env.MONGO_URL, dbName: env.MONGO_DB, timeoutMs: env.DB_TIMEOUT_MS },
    redisUrl: env.REDIS_URL,
    maxRecipients: env.MAX_RECIPIENTS,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
  }
}
