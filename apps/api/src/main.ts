import { createServer } from 'node:http'
import { createApi } from './api.js'
import { loadConfig } from './config.js'
import { apiServerOptions } from './http/server-options.js'

// The api on its own (docker compose runs it this way); `pnpm start` mounts it in one process instead.
const config = loadConfig()
const api = await createApi(config)
const server = createServer(apiServerOptions, api.app)
server.listen(config.port, config.host, () =>
  api.ctx.logger.info({ port: config.port, host: config.host }, 'api listening'),
)

const shutdown = (signal: string) => {
  api.ctx.logger.info({ signal }, 'shutting down')
  server.close(() => {
    void api.destroy().then(() => process.exit(0))
  })
  server.closeIdleConnections()
  setTimeout(() => process.exit(1), 10_000).unref()
}
process.once('SIGTERM', () => shutdown('SIGTERM'))
process.once('SIGINT', () => shutdown('SIGINT'))
