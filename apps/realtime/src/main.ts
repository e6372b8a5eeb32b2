import { createServer } from 'node:http'
import { connectDatabase, createDomain, originPolicy, syncIndexes } from '@palabre/domain'
import { pino } from 'pino'
import { loadRealtimeConfig } from './config.js'
import { processMetrics } from '@palabre/server-kit'
import { metricsEndpoint } from './metrics.js'
import { createRealtime } from './realtime.js'

// A realtime node on its own (docker compose runs two behind nginx, sharing rooms through Redis).
const config = loadRealtimeConfig()
const logger = pino({ name: 'realtime', level: config.logLevel })
if (!config.mongo.url) throw new Error('No database: set MONGO_URL.')
// GET /metrics only with METRICS_TOKEN (docs/operations.md, "Metrics").
const metrics = config.metricsToken === undefined ? undefined : processMetrics()
const connection = await connectDatabase({
  uri: config.mongo.url,
  dbName: config.mongo.dbName,
  timeoutMs: config.mongo.timeoutMs,
  ...(metrics ? { onCommand: metrics.onCommand } : {}),
})
// Deactivations reach this node before they answer, which makes it forget them (docs/organisation.md,
// "Deactivation"); an activation is seen within 10 s.
const domain = createDomain(connection, {
  maxRecipients: config.maxRecipients,
  rememberDeactivatedMs: 10_000,
})
// Either server may start first against a fresh database: each builds the indexes it relies on.
await syncIndexes(domain)

const serveMetrics = metricsEndpoint(config.metricsToken, metrics?.registry)
const httpServer = createServer((req, res) => {
  if (serveMetrics(req, res)) return
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' }))
    return
  }
  res
    .writeHead(404, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }))
})
const realtime = await createRealtime({
  httpServer,
  domain,
  logger,
  redisUrl: config.redisUrl,
  origins: originPolicy({
    publicUrl: config.publicUrl,
    development: config.env === 'development',
    trustProxy: config.trustProxy,
  }),
  metrics: metrics?.registry,
})
httpServer.listen(config.port, config.host, () =>
  logger.info({ port: config.port, host: config.host }, 'realtime listening'),
)

const shutdown = () => {
  void realtime
    .close()
    .then(() => connection.close())
    .then(() => process.exit(0))
  setTimeout(() => process.exit(1), 10_000).unref()
}
process.once('SIGTERM', shutdown)
process.once('SIGINT', shutdown)
