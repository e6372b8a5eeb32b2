import { DEFAULT_MAX_RECIPIENTS } from '@palabre/domain'
import { failOn, parseEnv, portSchema, productionProblems, serverEnv } from '@palabre/server-kit'
import { z } from 'zod'

const envSchema = z.object({
  // NODE_ENV, HOST, MONGO_URL, MONGO_DB, REDIS_URL (the rooms shared by every node), PUBLIC_URL
  // (the web app's origin, the only page allowed to open a socket), TRUST_PROXY, DB_TIMEOUT_MS
  // (past it an event gets an `unavailable` acknowledgement), LOG_LEVEL and METRICS_TOKEN, as
  // the api reads them.
  ...serverEnv,
  PORT: portSchema(3001),
  /** The most recipients of a post and members of a folder (docs/security.md, "Recipients"). */
  MAX_RECIPIENTS: z.coerce.number().int().positive().default(DEFAULT_MAX_RECIPIENTS),
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
  const env = parseEnv(envSchema, source)
  failOn(productionProblems(env))
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
