import type { Domain } from '@palabre/domain'
import type { ApiConfig } from './config.js'
import type { Logger } from './logger.js'

/** What every route of the api can use. Areas add their services here. */
export interface ApiContext {
  config: ApiConfig
  logger: Logger
  domain: Domain
}
