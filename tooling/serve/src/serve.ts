import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  apiServerOptions,
  createApi,
  createLogger,
  inProcessNotices,
  loadConfig,
} from '@palabre/api'
import { startEmbeddedDatabase } from '@palabre/db-engine'
import { originPolicy } from '@palabre/domain'
import { createRealtime } from '@palabre/realtime'
import type { Realtime } from '@palabre/realtime'
import express from 'express'
import type { RequestHandler } from 'express'
import expressStaticGzip from 'express-static-gzip'
import helmet from 'helmet'
import { openingUrls } from './addresses.js'
import type { ServeEnv } from './env.js'

const defaultWebDist = fileURLToPath(new URL('../../../apps/web/dist', import.meta.url))

// The SPA's own headers: scripts and styles from this origin only, calls and sockets to this
// origin only ('self' covers ws: and wss: to the same host). 'wasm-unsafe-eval' lets the PDF
// reader compile its own WebAssembly image decoders (docs/reader.md); it allows no JavaScript
// eval.
const webSecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      'connect-src': ["'self'"],
      'script-src': ["'self'", "'wasm-unsafe-eval'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'media-src': ["'self'", 'blob:'],
      'upgrade-insecure-requests': null,
    },
  },
  strictTransportSecurity: false,
})

/** Hashed by the build: a new version has a new name, so a copy never goes stale. */
const hashedAssets = /^\/assets\//

/**
 * The built web app (docs/operations.md, "The web app's files"): each file as its brotli or gzip
 * twin, written by the build (apps/web/scripts/precompress.ts), by what the browser accepts,
 * with `Vary: Accept-Encoding`; hashed assets cached for a year, every other file (the HTML
 * first) revalidated on each use. Nothing is compressed at request time.
 */
const webFiles = (webDist: string): RequestHandler => {
  const files = expressStaticGzip(webDist, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      // The SPA's own fallback answers a path that is no file (below), not serve-static.
      fallthrough: true,
      setHeaders: (res, filePath) => {
        const relative = `/${path.relative(webDist, filePath).split(path.sep).join('/')}`
        res.setHeader(
          'Cache-Control',
          hashedAssets.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
      },
    },
  }) as RequestHandler
  return files
}

export interface Running {
  /** The first of `urls`. */
  url: string
  /** Where people can open the product (`openingUrls`). */
  urls: string[]
  engine: string
  server: Server
  stop(): Promise<void>
}

/**
 * The whole product in one process on one origin: the api under /api, socket.io under
 * /socket.io and the built web app everywhere else (with the SPA's fallback to index.html).
 */
export const serve = async (
  env: ServeEnv,
  source: Record<string, string | undefined>,
  { webDist = defaultWebDist }: { webDist?: string } = {},
): Promise<Running> => {
  const database = env.mongoUrl
    ? { uri: env.mongoUrl, engine: 'mongodb (MONGO_URL)', stop: async () => {} }
    : await startEmbeddedDatabase({ dataDir: env.dataDir })
  // No PUBLIC_URL of its own: without one, a page may write from any address of this machine
  // (docs/security.md, "Cross-site requests").
  const config = loadConfig({
    UPLOAD_DIR: path.join(env.dataDir, 'uploads'),
    ...source,
    MONGO_URL: database.uri,
  })
  const logger = createLogger(config.logLevel, 'palabre')
  // The api ends sessions before the realtime server exists: it calls it once it does.
  const late: { realtime?: Realtime } = {}
  const api = await createApi(config, {
    logger,
    notices: inProcessNotices(() => late.realtime),
  })

  const app = express()
  app.disable('x-powered-by')
  app.use(api.app)
  if (existsSync(path.join(webDist, 'index.html'))) {
    const files = webFiles(webDist)
    app.use(webSecurityHeaders)
    app.use(files)
    // A hashed asset that is not there (an old page after a new build) is a 404, not the SPA.
    app.use('/assets', (_req, res) => {
      res.status(404).end()
    })
    // Every other path is a route of the SPA: its index.html, negotiated like any file.
    app.get(/^(?!\/api\/|\/socket\.io\/).*/, (req, res, next) => {
      req.url = '/index.html'
      files(req, res, next)
    })
  } else {
    logger.warn({ webDist }, 'the web app is not built; only /api and /socket.io are served')
  }

  const server = createServer(apiServerOptions, app)
  const node = await createRealtime({
    httpServer: server,
    domain: api.ctx.domain,
    logger,
    redisUrl: env.redisUrl,
    origins: originPolicy({
      publicUrl: config.publicUrl,
      development: config.env === 'development',
      trustProxy: config.trustProxy,
    }),
    // One GET /metrics, the api's, shows both servers (docs/operations.md, "Metrics").
    metrics: api.metrics?.registry,
  })
  late.realtime = node
  await new Promise<void>((resolve) => server.listen(env.port, env.host, resolve))
  const port = (server.address() as AddressInfo).port
  const urls = openingUrls(env.host, port)
  return {
    url: urls[0] ?? `http://localhost:${port}`,
    urls,
    engine: database.engine,
    server,
    async stop() {
      await node.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await api.destroy()
      await database.stop()
    },
  }
}
