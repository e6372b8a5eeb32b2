import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { appendFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { findFreePort, onAFreePort } from './free-port.js'
import { logTail } from './log-tail.js'
import { endLeftover, readPidFile } from './processes.js'
import { giveTo } from './run-as.js'
import { supervise, type RunAs, type Supervised } from './supervise.js'

const run = promisify(execFile)

/** The superuser of our clusters; FerretDB connects as it over the unix socket. */
export const PG_USER = 'palabre'

// DocumentDB's libraries must be loaded at server start; pg_cron runs its background jobs in
// the `postgres` database, where the extension lives.
const CLUSTER_SETTINGS = `
# Palabre's embedded engine: FerretDB 2 on DocumentDB (docs/database-engine.md)
shared_preload_libraries = 'pg_cron,pg_documentdb_core,pg_documentdb'
cron.database_name = 'postgres'
`

// Index settings, on every start (an existing cluster gets them too; indexes it already has keep
// their kind). Measured on 2 cores with 100,000 inbox entries of one user, medians of runs
// alternating both values (docs/benchmarks.md, "Query plans"):
// - documentdb.defaultUseCompositeOpClass: an index made from now on holds one ordered term per
//   document over all its fields instead of one term per field, so an equality on its first
//   fields and a range on the next is one range of it. A wall window of the last hour: 1.6 ms
//   instead of 16; counting a contact's posts: 8-10 ms instead of 16; writing the 201 entries of
//   a post to a folder of 200, then their delivery marks: 45-51 ms instead of 205-348. Counting
//   a whole inbox gets slower (about 90 ms instead of 55): its bitmap is built from 100,000
//   terms.
// - work_mem: with PostgreSQL's 4MB that bitmap spilled to temporary files; 16MB keeps it in
//   memory (count: 92 ms instead of 146).
// Tried and left at their defaults: documentdb.enableRangeOptimizationForComposite (no change:
// 1.7 against 1.6 ms, 9.0 against 9.2 ms) and documentdb.enableIndexOrderbyPushdown (same plans:
// only the `documentdb_extended_rum` index access method, not in our build, returns rows in
// index order, so every page still sorts what it reads).
const INDEX_SETTINGS = ['documentdb.defaultUseCompositeOpClass=on', 'work_mem=16MB']

// FerretDB keeps up to 50 connections to the cluster, and DocumentDB and pg_cron open more of
// their own (index builds, background jobs): PostgreSQL's default of 100 was seen exhausted
// ("too many clients already") with about 300 operations in flight.
const CONNECTION_SETTINGS = ['max_connections=300']

// A throwaway cluster of a test run need not survive a power cut.
const SCRATCH_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']

export interface PostgresOptions {
  /** The engine folder: the cluster is `<dir>/pg`, its log `<dir>/postgres.log`. */
  dir: string
  binDir: string
  runAs: RunAs | undefined
  /** false for a test run's cluster: no fsync. */
  durable: boolean
}

export interface RunningPostgres {
  port: number
  socketDir: string
  /** A libpq URL reaching the cluster's `postgres` database over the unix socket. */
  url: string
  version: string
  documentdbVersion: string
  supervised: Supervised
  stop(): Promise<void>
}

const READY_TIMEOUT_MS = 60_000

async function initCluster(pgdata: string, options: PostgresOptions): Promise<void> {
  await run(
    join(options.binDir, 'initdb'),
    [
      `--pgdata=${pgdata}`,
      `--username=${PG_USER}`,
      '--encoding=UTF8',
      '--no-locale',
      '--no-instructions',
      // Only the unix socket, in a folder of the service account's, lets anyone in; TCP asks a
      // password this user does not have.
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      ...(options.durable ? [] : ['--no-sync']),
    ],
    { ...(options.runAs ?? {}) },
  ).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`initdb failed: ${error.stderr?.trim() || error.message}`)
  })
  await appendFile(join(pgdata, 'postgresql.conf'), CLUSTER_SETTINGS)
}

// A unix socket path holds at most 107 bytes; a deep data folder gets a short one in /tmp.
async function socketDirFor(dir: string, runAs: RunAs | undefined): Promise<string> {
  const inside = join(dir, 'run')
  const socketDir =
    `${inside}/.s.PGSQL.65535.lock`.length < 100
      ? inside
      : await mkdtemp(join(tmpdir(), 'palabre-pg-'))
  await mkdir(socketDir, { recursive: true, mode: 0o700 })
  await giveTo(runAs, socketDir)
  return socketDir
}

async function query(
  options: PostgresOptions,
  socketDir: string,
  port: number,
  sql: string,
): Promise<string> {
  const { stdout } = await run(
    join(options.binDir, 'psql'),
    [
      '-h',
      socketDir,
      '-p',
      String(port),
      '-U',
      PG_USER,
      '-d',
      'postgres',
      '-X',
      '-q',
      '-A',
      '-t',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      sql,
    ],
    { ...(options.runAs ?? {}) },
  )
  return stdout.trim()
}

const isReady = (options: PostgresOptions, socketDir: string, port: number): Promise<boolean> =>
  run(join(options.binDir, 'pg_isready'), ['-q', '-h', socketDir, '-p', String(port)], {
    ...(options.runAs ?? {}),
  }).then(
    () => true,
    () => false,
  )

async function startOnce(
  options: PostgresOptions,
  pgdata: string,
  socketDir: string,
): Promise<{ supervised: Supervised; port: number }> {
  const port = await findFreePort()
  const logFile = join(options.dir, 'postgres.log')
  const supervised = await supervise({
    command: join(options.binDir, 'postgres'),
    args: [
      '-D',
      pgdata,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir}`,
      // DocumentDB and pg_cron connect back to the server for some work (dropping a database,
      // building an index in the background): over the socket, the one way in.
      '-c',
      `documentdb.localhost_connection_string=host=${socketDir}`,
      '-c',
      `cron.host=${socketDir}`,
      ...[...INDEX_SETTINGS, ...CONNECTION_SETTINGS].flatMap((setting) => ['-c', setting]),
      ...(options.durable ? [] : SCRATCH_SETTINGS.flatMap((setting) => ['-c', setting])),
    ],
    stopSignal: 'SIGINT',
    logFile,
    runAs: options.runAs,
  })
  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    if (supervised.exited()) {
      throw new Error(`PostgreSQL exited at start:\n${await logTail(logFile)}`)
    }
    if (await isReady(options, socketDir, port)) return { supervised, port }
    if (Date.now() > deadline) {
      await supervised.stop()
      throw new Error(`PostgreSQL did not answer within ${READY_TIMEOUT_MS} ms`)
    }
    await sleep(50)
  }
}

/**
 * Runs the PostgreSQL cluster of an engine folder, creating it on first use, with DocumentDB
 * installed in its `postgres` database. A server left running by a parent that was killed is
 * ended first (PostgreSQL's own postmaster.pid tells which).
 */
export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  const pgdata = join(options.dir, 'pg')
  await endLeftover(await readPidFile(join(pgdata, 'postmaster.pid')), 'postgres', 'SIGINT')
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    await rm(pgdata, { recursive: true, force: true })
    await initCluster(pgdata, options)
  }
  const socketDir = await socketDirFor(options.dir, options.runAs)
  const { supervised, port } = await onAFreePort(() => startOnce(options, pgdata, socketDir))
  try {
    await query(options, socketDir, port, 'CREATE EXTENSION IF NOT EXISTS documentdb CASCADE')
    const [version = '', documentdbVersion = ''] = (
      await query(
        options,
        socketDir,
        port,
        "SELECT current_setting('server_version'), " +
          "(SELECT extversion FROM pg_extension WHERE extname = 'documentdb')",
      )
    ).split('|')
    return {
      port,
      socketDir,
      url: `postgres://${PG_USER}@/postgres?host=${encodeURIComponent(socketDir)}&port=${port}`,
      version: version.split(' ')[0] ?? version,
      documentdbVersion,
      supervised,
      stop: () => supervised.stop(),
    }
  } catch (error) {
    await supervised.stop()
    throw new Error(
      `DocumentDB could not be set up: ${(error as { stderr?: string }).stderr ?? String(error)}`,
    )
  }
}
