import { access, constants, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { findFreePort, onAFreePort } from './free-port.js'
import { logTail } from './log-tail.js'
import { endLeftover, readPidFile } from './processes.js'
import { readServerVersion, waitForPing } from './server-info.js'
import { supervise } from './supervise.js'

export interface FerretDbOptions {
  bin: string
  /** The engine folder: state in `<dir>/ferretdb`, log `<dir>/ferretdb.log`, pid `<dir>/ferretdb.pid`. */
  dir: string
  /**
   * libpq URL of the PostgreSQL cluster holding DocumentDB, over its unix socket. FerretDB runs
   * as us: root may use the service account's socket, and anyone else runs both servers.
   */
  postgresUrl: string
  /**
   * FerretDB's connections to PostgreSQL: this many, all opened at start (see
   * docs/database-engine.md, "How the FerretDB engine runs").
   */
  poolSize: number
}

export interface RunningFerretDb {
  uri: string
  version: string
  pid: number
  stop(): Promise<void>
}

const START_TIMEOUT_MS = 60_000

export const ferretdbPidFile = (dir: string) => join(dir, 'ferretdb.pid')

export async function assertFerretDbBinary(bin: string): Promise<void> {
  await access(bin, constants.X_OK).catch(() => {
    throw new Error(
      `no FerretDB 2 binary at ${bin} (run scripts/bootstrap.sh, or set FERRETDB_BIN)`,
    )
  })
}

const poolUrl = ({ postgresUrl, poolSize }: FerretDbOptions): string => {
  // A libpq URL over a unix socket has no host, which WHATWG's URL refuses.
  const pool = `pool_min_conns=${poolSize}&pool_max_conns=${poolSize}`
  return `${postgresUrl}${postgresUrl.includes('?') ? '&' : '?'}${pool}`
}

async function startOnce(options: FerretDbOptions, stateDir: string): Promise<RunningFerretDb> {
  const port = await findFreePort()
  const logFile = join(options.dir, 'ferretdb.log')
  const supervised = await supervise({
    command: options.bin,
    args: [
      `--postgresql-url=${poolUrl(options)}`,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${stateDir}`,
      // Loopback only, in front of a cluster only its own account can reach: as a mongod of
      // mongodb-memory-server, it asks for no credentials.
      '--no-auth',
      '--telemetry=disable',
      '--log-level=error',
      // Its debug HTTP listener defaults to a fixed port, which two servers would share.
      '--debug-addr=',
    ],
    stopSignal: 'SIGTERM',
    logFile,
  })
  await writeFile(ferretdbPidFile(options.dir), `${supervised.pid}\n`)
  const uri = `mongodb://127.0.0.1:${port}/`
  try {
    await waitForPing(uri, {
      timeoutMs: START_TIMEOUT_MS,
      failure: () => (supervised.exited() ? 'FerretDB exited at start' : undefined),
    })
    return {
      uri,
      version: await readServerVersion(uri),
      pid: supervised.pid,
      stop: () => supervised.stop(),
    }
  } catch (error) {
    await supervised.stop()
    throw new Error(`${String(error)}\n${await logTail(logFile, 5)}`)
  }
}

/**
 * Runs FerretDB 2 on a free loopback port in front of a running cluster, after ending one that
 * a killed parent left on this engine folder.
 */
export async function startFerretDb(options: FerretDbOptions): Promise<RunningFerretDb> {
  await assertFerretDbBinary(options.bin)
  await endLeftover(await readPidFile(ferretdbPidFile(options.dir)), 'ferretdb', 'SIGTERM')
  const stateDir = join(options.dir, 'ferretdb')
  await mkdir(stateDir, { recursive: true, mode: 0o700 })
  return onAFreePort(() => startOnce(options, stateDir))
}
