import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { findFreePort, startEmbeddedDatabase, startScratchDatabase } from '@palabre/db-engine'
import { startRedis, startS3Server } from '@palabre/testing'
import { nginxBinary, writeNginxFiles } from './nginx.js'
import type { NginxFiles } from './nginx.js'
import { Supervised } from './supervised.js'
import type { ProcessExit } from './supervised.js'

const repoFile = (relative: string) =>
  fileURLToPath(new URL(`../../../${relative}`, import.meta.url))

const apiMain = repoFile('apps/api/dist/main.js')
const realtimeMain = repoFile('apps/realtime/dist/main.js')
const defaultWebDist = repoFile('apps/web/dist')

export const nodeNames = ['api-1', 'api-2', 'realtime-1', 'realtime-2'] as const
export type NodeName = (typeof nodeNames)[number]

/** One api or realtime node: a `node apps/<kind>/dist/main.js` child process. */
export interface ClusterNode {
  readonly name: NodeName
  readonly kind: 'api' | 'realtime'
  readonly port: number
  /** http://127.0.0.1:<port>, to reach this node without nginx. */
  readonly url: string
  /** Its process id while it runs. */
  readonly pid: number | undefined
  readonly running: boolean
  readonly logFile: string
  /** GET /metrics of this node (with `Authorization: Bearer <METRICS_TOKEN>`), when set. */
  readonly metricsUrl: string | undefined
}

export interface ClusterOptions {
  /**
   * Where the database (unless `mongoUrl`), the S3 server's data, the logs and the codes sent
   * are kept between runs. Unset: a temporary folder and a scratch database, both gone at
   * `stop()` (tests).
   */
  dataDir?: string
  /** A MongoDB server used as is, instead of the embedded engine. */
  mongoUrl?: string
  /** nginx's port; unset or 0: a free one. */
  port?: number
  /** Signs the cookies every api node must read alike; unset: a random one for this run. */
  sessionSecret?: string
  /** Turns GET /metrics on, on every node (docs/operations.md, "Metrics"). */
  metricsToken?: string
  /** The built web app nginx serves; the repository's apps/web/dist by default. */
  webDist?: string
  /**
   * Settings every node also gets (NODE_ENV, LOG_LEVEL, ADMIN_PHONES…); the cluster's own
   * (ports, database, Redis, S3, secrets, OTP_LOG_FILE) win. NODE_ENV defaults to development.
   */
  env?: Record<string, string | undefined>
  /** Told of a node or nginx that exits without `kill`, `restart` or `stop` asking it to. */
  onUnexpectedExit?: (exit: ProcessExit) => void
  /** How long one process may take to answer after it starts. */
  startTimeoutMs?: number
}

export interface Cluster {
  /** nginx: the one origin of the product. */
  url: string
  nodes: Record<NodeName, ClusterNode>
  nginx: { port: number; readonly pid: number | undefined; logDir: string }
  database: { uri: string; dbName: string | undefined; engine: string }
  redisUrl: string
  s3: { endpoint: string; bucket: string }
  /** Where the api nodes write the codes they would send (`signUpOverHttp` reads it). */
  otpLogFile: string
  logDir: string
  sessionSecret: string
  /** Sends `signal` to a node and resolves once it has exited; it stays down. */
  kill(node: NodeName, signal?: NodeJS.Signals): Promise<void>
  /** Stops the node if it runs, starts it again on its port, resolves once it answers. */
  restart(node: NodeName): Promise<void>
  /** Stops everything the cluster started. */
  stop(): Promise<void>
}

const kindOf = (name: NodeName): 'api' | 'realtime' => (name.startsWith('api') ? 'api' : 'realtime')

/** Removes what is undefined, for a child's environment. */
const defined = (env: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )

const describeExit = (exit: ProcessExit): string =>
  `${exit.name} (pid ${exit.pid ?? '?'}) exited unexpectedly (${exit.signal ?? `code ${exit.code}`}); the end of ${exit.logFile}:\n${exit.logTail}`

/**
 * Palabre as operators run it, on this machine's loopback (docs/operations.md, "A cluster on
 * one machine"): one database, Redis, an S3 server (SeaweedFS), two api nodes and two realtime
 * nodes as processes of their own, and nginx in front with the compose file's configuration,
 * spreading calls and sockets over the nodes. Resolves once every part answers.
 */
export const startCluster = async (options: ClusterOptions = {}): Promise<Cluster> => {
  const startTimeoutMs = options.startTimeoutMs ?? 180_000
  const report =
    options.onUnexpectedExit ??
    ((exit: ProcessExit) => process.stderr.write(`${describeExit(exit)}\n`))
  for (const [file, what] of [
    [apiMain, 'the api'],
    [realtimeMain, 'the realtime server'],
    [nginxBinary, 'nginx'],
  ] as const)
    if (!existsSync(file))
      throw new Error(
        file === nginxBinary
          ? `No ${file}: run scripts/bootstrap.sh (it installs Debian's nginx).`
          : `No ${file}: build ${what} first (pnpm cluster does).`,
      )

  const cleanups: (() => Promise<unknown>)[] = []
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse())
      await cleanup().catch((error: unknown) => {
        process.stderr.write(`[cluster] while stopping: ${String(error)}\n`)
      })
  }
  // Until `stop()` runs, an exit nobody asked for is reported; after, every exit is expected.
  let stopping = false
  const onExit = (exit: ProcessExit) => {
    if (!stopping) report(exit)
  }

  try {
    const throwaway = options.dataDir === undefined
    const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'palabre-cluster-')))
    if (throwaway) {
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
      // An ordinary folder, as a data folder is (mkdtemp's is closed to the accounts the
      // database engine and nginx's workers may run as).
      await chmod(dataDir, 0o755)
    }
    const logDir = path.join(dataDir, 'logs')
    await mkdir(logDir, { recursive: true })

    // The three shared services, side by side; if one fails, those that started are stopped.
    const started = await Promise.allSettled([
      options.mongoUrl !== undefined
        ? Promise.resolve({
            uri: options.mongoUrl,
            engine: 'mongodb (MONGO_URL)',
            stop: async () => {},
          })
        : (throwaway ? startScratchDatabase() : startEmbeddedDatabase({ dataDir })).then(
            (running) => ({ ...running, engine: `${running.engine} ${running.version}` }),
          ),
      startRedis(),
      (async () => {
        const s3Dir = throwaway ? undefined : path.join(dataDir, 's3')
        if (s3Dir) await mkdir(s3Dir, { recursive: true })
        return startS3Server(undefined, s3Dir === undefined ? {} : { dataDir: s3Dir })
      })(),
    ])
    for (const service of started)
      if (service.status === 'fulfilled') cleanups.push(() => service.value.stop())
    const [databaseStart, redisStart, s3Start] = started
    if (databaseStart.status === 'rejected') throw databaseStart.reason
    if (redisStart.status === 'rejected') throw redisStart.reason
    if (s3Start.status === 'rejected') throw s3Start.reason
    const database = databaseStart.value
    const redis = redisStart.value
    const s3 = s3Start.value

    const sessionSecret = options.sessionSecret ?? randomBytes(32).toString('hex')
    const otpLogFile = path.join(dataDir, 'otp.log')
    const bucket = 'palabre'
    // The database name: MONGO_URL's own (or MONGO_DB), else one of the cluster's.
    const dbName = options.env?.MONGO_DB ?? (options.mongoUrl === undefined ? 'palabre' : undefined)
    const shared = {
      NODE_ENV: 'development',
      ...options.env,
      MONGO_URL: database.uri,
      MONGO_DB: dbName,
      REDIS_URL: redis.url,
      // nginx is the only way in for browsers: its X-Forwarded-* say who the client is.
      TRUST_PROXY: 'true',
      METRICS_TOKEN: options.metricsToken,
      // Loopback only: nginx is the way in.
      HOST: '127.0.0.1',
    }

    const ports = await Promise.all(nodeNames.map(() => findFreePort()))
    const nodes = new Map<NodeName, Supervised>()
    nodeNames.forEach((name, index) => {
      const port = ports[index] ?? 0
      const kind = kindOf(name)
      const env =
        kind === 'api'
          ? {
              ...shared,
              ...s3.env(bucket),
              PORT: String(port),
              SESSION_SECRET: sessionSecret,
              OTP_LOG_FILE: otpLogFile,
            }
          : { ...shared, PORT: String(port) }
      nodes.set(
        name,
        new Supervised(
          {
            name,
            command: process.execPath,
            args: [kind === 'api' ? apiMain : realtimeMain],
            env: defined(env),
            logFile: path.join(logDir, `${name}.log`),
            readyUrl: `http://127.0.0.1:${port}${kind === 'api' ? '/api/health' : '/health'}`,
          },
          onExit,
        ),
      )
    })
    const node = (name: NodeName): Supervised => {
      const found = nodes.get(name)
      if (!found) throw new Error(`No node ${String(name)} in the cluster`)
      return found
    }
    cleanups.push(() => Promise.all([...nodes.values()].map((n) => n.stop())))
    // The first api node builds the indexes on a fresh database alone: concurrent index builds
    // deadlock on FerretDB. The three others then find them built.
    await node('api-1').start(startTimeoutMs)
    await Promise.all(
      (['api-2', 'realtime-1', 'realtime-2'] as const).map((name) =>
        node(name).start(startTimeoutMs),
      ),
    )

    const port = options.port || (await findFreePort())
    const url = `http://127.0.0.1:${port}`
    const webDist = options.webDist ?? defaultWebDist
    if (!existsSync(path.join(webDist, 'index.html')))
      process.stderr.write(
        `[cluster] ${webDist} has no index.html: only /api and /socket.io answer\n`,
      )
    const files: NginxFiles = await writeNginxFiles(
      {
        port,
        webRoot: webDist,
        api: (['api-1', 'api-2'] as const).map((name) => ports[nodeNames.indexOf(name)] ?? 0),
        realtime: (['realtime-1', 'realtime-2'] as const).map(
          (name) => ports[nodeNames.indexOf(name)] ?? 0,
        ),
      },
      logDir,
    )
    cleanups.push(() => files.remove())
    const nginx = new Supervised(
      {
        name: 'nginx',
        command: nginxBinary,
        args: files.args,
        env: defined({ PATH: process.env.PATH }),
        logFile: path.join(logDir, 'nginx.log'),
        readyUrl: `${url}/api/health`,
      },
      onExit,
    )
    cleanups.push(() => nginx.stop())
    await nginx.start(startTimeoutMs)

    const view = (name: NodeName): ClusterNode => {
      const supervised = node(name)
      const nodePort = ports[nodeNames.indexOf(name)] ?? 0
      const nodeUrl = `http://127.0.0.1:${nodePort}`
      return {
        name,
        kind: kindOf(name),
        port: nodePort,
        url: nodeUrl,
        get pid() {
          return supervised.pid
        },
        get running() {
          return supervised.running
        },
        logFile: supervised.spec.logFile,
        metricsUrl: options.metricsToken === undefined ? undefined : `${nodeUrl}/metrics`,
      }
    }

    return {
      url,
      nodes: Object.fromEntries(nodeNames.map((name) => [name, view(name)])) as Record<
        NodeName,
        ClusterNode
      >,
      nginx: {
        port,
        get pid() {
          return nginx.pid
        },
        logDir,
      },
      database: { uri: database.uri, dbName, engine: database.engine },
      redisUrl: redis.url,
      s3: { endpoint: s3.endpoint, bucket },
      otpLogFile,
      logDir,
      sessionSecret,
      kill: (name, signal = 'SIGTERM') => node(name).kill(signal),
      async restart(name) {
        await node(name).stop()
        await node(name).start(startTimeoutMs)
      },
      async stop() {
        stopping = true
        await cleanUp()
      },
    }
  } catch (error) {
    stopping = true
    await cleanUp()
    throw error
  }
}
