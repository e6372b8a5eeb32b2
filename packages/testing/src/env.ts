// The harness's one reader of the environment. The engine order and the variable names are
// DESIGN.md's (Running): MONGO_URL, then a mongod, then FerretDB.
import { homedir } from 'node:os'
import { join } from 'node:path'

export interface HarnessEnv {
  /** An external server used as is; nothing is started. */
  mongoUrl: string | undefined
  /** A mongod binary for mongodb-memory-server, instead of its download. */
  mongodSystemBinary: string | undefined
  /** The FerretDB binary (FERRETDB_BIN, else the one scripts/bootstrap.sh builds). */
  ferretdbBin: string
}

export const defaultFerretdbBin = join(
  homedir(),
  '.cache',
  'palabre',
  'ferretdb',
  'bin',
  'ferretdb',
)

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim()

export function readHarnessEnv(): HarnessEnv {
  return {
    mongoUrl: nonEmpty(process.env.MONGO_URL),
    mongodSystemBinary: nonEmpty(process.env.MONGOMS_SYSTEM_BINARY),
    ferretdbBin: nonEmpty(process.env.FERRETDB_BIN) ?? defaultFerretdbBin,
  }
}

/**
 * mongodb-memory-server reads its options from the environment only. Its download cannot work
 * on our machines and retries for about 7 s before failing; unless someone asked for a download
 * or a system binary, make it fail in milliseconds so FerretDB takes over at once.
 */
export function preferNoMongodDownload(): void {
  if (process.env.MONGOMS_RUNTIME_DOWNLOAD !== undefined) return
  if (nonEmpty(process.env.MONGOMS_SYSTEM_BINARY) !== undefined) return
  process.env.MONGOMS_RUNTIME_DOWNLOAD = 'false'
}
