import path from 'node:path'
import { z } from 'zod'

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  MONGO_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
})

export interface ServeEnv {
  port: number
  host: string
  dataDir: string
  mongoUrl: string | undefined
  redisUrl: string | undefined
}

export const loadServeEnv = (
  source: Record<string, string | undefined> = process.env,
): ServeEnv => {
  const env = schema.parse(source)
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    mongoUrl: env.MONGO_URL,
    redisUrl: env.REDIS_URL,
  }
}
