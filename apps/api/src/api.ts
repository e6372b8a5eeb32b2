import { connectDatabase, createDomain, syncIndexes } from '@palabre/domain'
import type { Express } from 'express'
import { createApp } from './app.js'
import type { ApiConfig } from './config.js'
import type { ApiContext } from './context.js'
import { createLogger } from './logger.js'
import type { Logger } from './logger.js'

export interface Api {
  app: Express
  ctx: ApiContext
  /** Closes the database connection; the caller closes its HTTP server first. */
  destroy(): Promise<void>
}

/** Builds the api and its context (database, services) without listening. */
export const createApi = async (
  config: ApiConfig,
  options: { logger?: Logger; mongoUrl?: string; dbName?: string } = {},
): Promise<Api> => {
  const logger = options.logger ?? createLogger(config.logLevel)
  const uri = options.mongoUrl ?? config.mongo.url
  if (!uri) throw new Error('No database: set MONGO_URL.')
  const connection = await connectDatabase({ uri, dbName: options.dbName ?? config.mongo.dbName })
  const domain = createDomain(connection)
  await syncIndexes(domain)
  const ctx: ApiContext = { config, logger, domain }
  return {
    app: createApp(ctx),
    ctx,
    async destroy() {
      await connection.close()
    },
  }
}
