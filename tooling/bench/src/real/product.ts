// The product `pnpm bench:real` measures, started cold (docs/benchmarks.md, "9. As people use
// it"): `pnpm start`'s process (`node tooling/serve/dist/main.js`, what the root script runs
// after its build) with its own embedded database in a fresh data folder, or MONGO_URL's server
// under a database name of this run's; or `pnpm cluster` (BENCH_REAL_TARGET=cluster), whose
// realtime-1 node takes every socket.
import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startCluster } from '@palabre/cluster'
import { now } from './protocol.js'

const serveMain = fileURLToPath(new URL('../../../serve/dist/main.js', import.meta.url))

/** The longest a cold start may take: a fresh PostgreSQL cluster on a busy 2-core machine. */
const START_TIMEOUT_MS = 300_000

export interface Product {
  /** What runs, for the report. */
  name: string
  engine: string
  /** The REST calls' origin, as a browser opens it. */
  base: string
  /** Where the tabs' sockets connect. */
  socketUrl: string
  /** Where the development sender writes the codes it sends. */
  otpLogFile: string
  /** The server process whose CPU is read (and, below it, what it started). */
  pid: number | undefined
  coldStartMs: number
  stop(): Promise<void>
}

export interface ProductOptions {
  people: number
  mongoUrl: string | undefined
}

/**
 * The settings the bench gives the product beside the operator's own: one address may ask for
 * two codes per person (docs/security.md, "One-time codes": 600 an hour by default, a team of
 * 300 behind one office address).
 */
const productEnv = ({ people }: ProductOptions) => ({
  OTP_SENDS_PER_ADDRESS_PER_HOUR: String(Math.max(600, 2 * people + 10)),
})

const lastLines = async (file: string) =>
  (await readFile(file, 'utf8').catch(() => '')).split('\n').slice(-30).join('\n')

/** `pnpm start` as a child process, once it says it is ready. */
export const startServe = async (options: ProductOptions): Promise<Product> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'palabre-bench-real-'))
  // An ordinary folder, as DATA_DIR is (mkdtemp's is closed to the account the database runs as).
  await chmod(dir, 0o755)
  const otpLogFile = path.join(dir, 'otp.log')
  const logFile = path.join(dir, 'product.log')
  const log = createWriteStream(logFile)
  const started = now()
  const child = spawn(process.execPath, [serveMain], {
    env: {
      ...process.env,
      ...productEnv(options),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      OTP_LOG_FILE: otpLogFile,
      ...(options.mongoUrl
        ? { MONGO_URL: options.mongoUrl, MONGO_DB: `bench_real_${Date.now()}` }
        : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.stderr.pipe(log)
  const ready = await new Promise<{ url: string; engine: string }>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(
      () => reject(new Error(`the product was not ready within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    )
    let found = false
    child.stdout.on('data', (chunk: Buffer) => {
      log.write(chunk)
      if (found) return
      out += chunk.toString('utf8')
      // tooling/serve's main: "Palabre is ready (database: …). Open it at:" then the addresses.
      const match = /Palabre is ready \(database: (.*)\)\. Open it at:\n\s+(http\S+)/.exec(out)
      if (match) {
        found = true
        clearTimeout(timer)
        resolve({ engine: match[1]!, url: match[2]! })
      }
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`the product exited before it was ready (${signal ?? `code ${code}`})`))
    })
  }).catch(async (error: Error) => {
    child.kill('SIGTERM')
    await exited
    throw new Error(`${error.message}; the end of ${logFile}:\n${await lastLines(logFile)}`)
  })
  return {
    name: '`pnpm start` (api, realtime and web in one process)',
    engine: ready.engine,
    base: ready.url,
    socketUrl: ready.url,
    otpLogFile,
    pid: child.pid,
    coldStartMs: now() - started,
    async stop() {
      child.kill('SIGTERM')
      await exited
      log.end()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** `pnpm cluster` as its soak starts it; the tabs go to realtime-1, the calls through nginx. */
export const startClusterProduct = async (options: ProductOptions): Promise<Product> => {
  const started = now()
  const cluster = await startCluster({
    ...(options.mongoUrl ? { mongoUrl: options.mongoUrl } : {}),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...productEnv(options),
      ...(options.mongoUrl ? { MONGO_DB: `bench_real_${Date.now()}` } : {}),
    },
  })
  const node = cluster.nodes['realtime-1']
  return {
    name: 'realtime-1 of `pnpm cluster` (2 api and 2 realtime nodes, Redis, behind nginx)',
    engine: cluster.database.engine,
    base: cluster.url,
    socketUrl: node.url,
    otpLogFile: cluster.otpLogFile,
    pid: node.pid,
    coldStartMs: now() - started,
    stop: () => cluster.stop(),
  }
}
