import path from 'node:path'
import { z } from 'zod'

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

const schema = z.object({
  /** nginx's port; unset or 0: a free one. */
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The database (unless MONGO_URL), the S3 server's data, the logs and the codes sent. */
  CLUSTER_DATA_DIR: z.string().default('./data/cluster'),
  MONGO_URL: optional(z.url()),
  SESSION_SECRET: optional(z.string()),
  METRICS_TOKEN: optional(z.string()),
})

export interface ClusterEnv {
  port: number
  dataDir: string
  mongoUrl: string | undefined
  sessionSecret: string | undefined
  metricsToken: string | undefined
}

/** What `pnpm cluster` reads of its environment (docs/operations.md, "A cluster on one machine"). */
export const loadClusterEnv = (
  source: Record<string, string | undefined> = process.env,
): ClusterEnv => {
  const env = schema.parse(source)
  return {
    port: env.PORT,
    dataDir: path.resolve(env.CLUSTER_DATA_DIR),
    mongoUrl: env.MONGO_URL,
    sessionSecret: env.SESSION_SECRET,
    metricsToken: env.METRICS_TOKEN,
  }
}

const soakSchema = z.object({
  SOAK_USERS: z.coerce.number().int().min(2).default(1_000),
  SOAK_RATE: z.coerce.number().int().min(1).default(250),
  SOAK_SECONDS: z.coerce.number().int().min(1).default(300),
  SOAK_WARMUP_SECONDS: z.coerce.number().int().min(0).default(180),
})

/** What the cluster's soak reads of its environment (docs/benchmarks.md, "8. Soak on the cluster"). */
export const loadSoakEnv = (
  source: Record<string, string | undefined> = process.env,
): { users: number; rate: number; seconds: number; warmup: number } => {
  const env = soakSchema.parse(source)
  return {
    users: env.SOAK_USERS,
    rate: env.SOAK_RATE,
    seconds: env.SOAK_SECONDS,
    warmup: env.SOAK_WARMUP_SECONDS,
  }
}
