import { z } from 'zod'

// What both servers read from their environment the same way (docs/architecture.md,
// "Packages"): the fields, how an empty value reads, and how a bad configuration fails at
// start with every problem listed.

/** A configuration that cannot start the server; its message lists every problem. */
export class ConfigError extends Error {}

/** An empty value is "not set", as docker compose writes `${X:-}` for an unset variable. */
export const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema)

export const optionalUrl = unsetIfEmpty(z.url().optional())
export const optionalText = unsetIfEmpty(z.string().optional())

/** The log levels of pino, which both servers log with. */
export const logLevelSchema = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])

/** The variables both servers read, with the same meaning and default. */
export const serverEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** The address to listen on; unset: every interface (docs/operations.md, "A cluster on one machine"). */
  HOST: z.string().min(1).optional(),
  MONGO_URL: optionalUrl,
  MONGO_DB: optionalText,
  REDIS_URL: optionalUrl,
  /**
   * The one origin people open, pinned (docs/security.md, "Cross-site requests"); required in
   * production. Unset: pages served by this machine at any of its addresses.
   */
  PUBLIC_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ }).optional()),
  /** Trust a proxy's X-Forwarded-* headers (nginx in docker compose) for client addresses. */
  TRUST_PROXY: z.stringbool().default(false),
  /** How long a database operation may wait before it is answered as unavailable. */
  DB_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
  LOG_LEVEL: logLevelSchema.default('info'),
  /** The bearer token of GET /metrics; unset: no metrics (docs/operations.md, "Metrics"). */
  METRICS_TOKEN: optionalText,
}

/** A port variable with the server's own default. */
export const portSchema = (fallback: number) =>
  z.coerce.number().int().min(0).max(65535).default(fallback)

const listed = (lines: string[]) => new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)

/** The environment read through `schema`, or a ConfigError naming every variable it refuses. */
export const parseEnv = <S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
): z.infer<S> => {
  const parsed = schema.safeParse(source)
  if (!parsed.success)
    throw listed(parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`))
  return parsed.data
}

/** What production demands of both servers beside each one's own demands. */
export const productionProblems = (env: {
  NODE_ENV: string
  MONGO_URL?: string | undefined
  PUBLIC_URL?: string | undefined
}): string[] => {
  if (env.NODE_ENV !== 'production') return []
  const problems: string[] = []
  if (!env.MONGO_URL) problems.push('  MONGO_URL: required in production')
  if (!env.PUBLIC_URL) problems.push('  PUBLIC_URL: required in production')
  return problems
}

/** Fails with every problem found, if any. */
export const failOn = (problems: string[]): void => {
  if (problems.length > 0) throw listed(problems)
}
