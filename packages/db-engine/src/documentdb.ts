import { execFile } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { promisify } from 'node:util'
import type { EngineEnv } from './env.js'
import { assertFerretDbBinary, startFerretDb } from './ferretdb.js'
import { startPostgres } from './postgres.js'
import { giveTo, serviceAccount } from './run-as.js'

const run = promisify(execFile)

export interface DocumentDbEngineOptions {
  /** The engine folder, made for the service account if missing. */
  dir: string
  /** false for a test run: the cluster skips fsync. */
  durable: boolean
}

export interface RunningDocumentDb {
  uri: string
  /** FerretDB's pid: the process that answers the MongoDB protocol. */
  serverPid: number
  /** e.g. `2.7.0 (DocumentDB 0.107-0, PostgreSQL 15.18)` */
  version: string
  stop(): Promise<void>
}

/**
 * FerretDB 2 in front of PostgreSQL with DocumentDB, both kept in one folder, both running as
 * the service account, both ended if this process dies (see supervise.ts). stop() ends FerretDB
 * first, then PostgreSQL.
 */
export async function startDocumentDb(
  options: DocumentDbEngineOptions,
  env: EngineEnv,
): Promise<RunningDocumentDb> {
  await assertFerretDbBinary(env.ferretdbBin)
  const runAs = await serviceAccount(env.serviceUser)
  await mkdir(options.dir, { recursive: true, mode: 0o700 })
  await giveTo(runAs, options.dir)
  if (runAs !== undefined) {
    // Fails early, with a clear reason, when a parent folder is closed to the service account.
    await run('test', ['-w', options.dir], runAs).catch(() => {
      throw new Error(
        `PostgreSQL runs as '${env.serviceUser}', which cannot reach ${options.dir}: ` +
          'open its parent folders to it (chmod o+x) or choose another DATA_DIR',
      )
    })
  }
  const postgres = await startPostgres({
    dir: options.dir,
    binDir: env.pgBinDir,
    runAs,
    durable: options.durable,
  })
  try {
    const ferretdb = await startFerretDb({
      bin: env.ferretdbBin,
      dir: options.dir,
      postgresUrl: postgres.url,
      poolSize: env.ferretdbPoolSize,
    })
    return {
      uri: ferretdb.uri,
      serverPid: ferretdb.pid,
      version: `${ferretdb.version.replace(/^v/, '')} (DocumentDB ${postgres.documentdbVersion}, PostgreSQL ${postgres.version})`,
      stop: async () => {
        await ferretdb.stop()
        await postgres.stop()
      },
    }
  } catch (error) {
    await postgres.stop()
    throw error
  }
}
