import cookieParser from 'cookie-parser'
import express from 'express'
import type { Express } from 'express'
import helmet from 'helmet'
import type { ApiContext } from './context.js'
import { apiNotFound, errorHandler } from './http/error-handler.js'
import { metricsEndpoint } from './http/metrics.js'
import type { ApiMetrics } from './http/metrics.js'
import { requestLog } from './http/request-log.js'
import { apiOriginPolicy, sameOriginWrites } from './http/same-origin.js'
import { mountRoutes } from './routes/index.js'

/**
 * The api as an Express app, without listening: tests and the one-process server mount it.
 * `metrics`: what GET /metrics shows, and times requests (none while METRICS_TOKEN is unset).
 */
export const createApp = (ctx: ApiContext, metrics?: ApiMetrics): Express => {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', ctx.config.trustProxy)
  // Outside /api: not in the OpenAPI document, no session, not timed itself.
  app.get('/metrics', metricsEndpoint(ctx.config.metricsToken, metrics))
  if (metrics) app.use('/api', metrics.requests)
  app.use('/api', helmet(), requestLog(ctx.logger, ctx.config.logRequests))
  app.use('/api', sameOriginWrites(apiOriginPolicy(ctx.config)), cookieParser())
  const router = express.Router()
  mountRoutes(router, ctx)
  app.use(router)
  app.use('/api', apiNotFound)
  app.use('/api', errorHandler(ctx.logger))
  return app
}
