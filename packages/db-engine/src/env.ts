// The engine package's one reader of the environment. The order of engines and what each
// variable means are in docs/database-engine.md.
import { homedir } from 'node:os'
import { join } from 'node:path'

/** The FerretDB release scripts/build-engine.sh builds and this package runs. */
export const FERRETDB_VERSION = 'v2.7.0'

export interface EngineEnv {
  /** An external server used as is; nothing is started. */
  mongoUrl: string | undefined
  /** A mongod binary for mongodb-memory-server, instead of its cache or download. */
  mongodSystemBinary: string | undefined
  /** The FerretDB 2 binary (FERRETDB_BIN, else the one scripts/build-engine.sh builds). */
  ferretdbBin: string
  /** FerretDB's PostgreSQL connections, a pool of fixed size opened at start (FERRETDB_POOL_SIZE). */
  ferretdbPoolSize: number
  /** PostgreSQL 15's server programs (initdb, postgres, psql). */
  pgBinDir: string
  /** The account PostgreSQL and FerretDB run as when we are root (PostgreSQL refuses root). */
  serviceUser: string
}

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim()

const positiveInteger = (source: NodeJS.ProcessEnv, name: string): number | undefined => {
  const value = nonEmpty(source[name])
  if (value === undefined) return undefined
  if (!/^[1-9][0-9]*$/.test(value))
    throw new Error(`${name} must be a positive integer, not '${value}'`)
  return Number(value)
}

/** Where bootstrap keeps what it builds: PALABRE_CACHE_DIR, else the XDG cache folder. */
export function cacheDir(source: NodeJS.ProcessEnv = process.env): string {
  return (
    nonEmpty(source.PALABRE_CACHE_DIR) ??
    join(nonEmpty(source.XDG_CACHE_HOME) ?? join(homedir(), '.cache'), 'palabre')
  )
}

export function readEngineEnv(source: NodeJS.ProcessEnv = process.env): EngineEnv {
  return {
    mongoUrl: nonEmpty(source.MONGO_URL),
    mongodSystemBinary: nonEmpty(source.MONGOMS_SYSTEM_BINARY),
    ferretdbBin:
      nonEmpty(source.FERRETDB_BIN) ??
      join(cacheDir(source), `ferretdb-${FERRETDB_VERSION}`, 'bin', 'ferretdb'),
    ferretdbPoolSize: positiveInteger(source, 'FERRETDB_POOL_SIZE') ?? 50,
    pgBinDir: nonEmpty(source.PG_BIN_DIR) ?? '/usr/lib/postgresql/15/bin',
    serviceUser: nonEmpty(source.PALABRE_PG_USER) ?? 'postgres',
  }
}

/**
 * mongodb-memory-server reads its options from the environment only. Its download is allowed,
 * so a machine with internet gets a real mongod, but where the download host cannot be reached
 * it retries for about 7 s: one attempt fails in well under a second instead.
 */
export function failMongodDownloadFast(): void {
  process.env.MONGOMS_MAX_RETRIES ??= '1'
}
