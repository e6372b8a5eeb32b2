import { readHarnessEnv, type HarnessEnv } from './env.js'
import { startFerretDb } from './ferretdb.js'
import { startMongod } from './mongod.js'
import { readServerVersion } from './server-info.js'

export type DatabaseEngine = 'mongodb-external' | 'mongod' | 'ferretdb'

export interface RunningDatabase {
  /** Connection string of the server, without a database name. */
  uri: string
  engine: DatabaseEngine
  /** The engine's own version (FerretDB's release for FerretDB). */
  version: string
  stop(): Promise<void>
}

export interface EngineDirs {
  /** mongod data folder; omitted: mongodb-memory-server's own temp folder. */
  mongodDbPath?: string
  ferretdbDataDir: string
  ferretdbStateDir: string
}

const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)

function announce(database: RunningDatabase): RunningDatabase {
  process.stderr.write(`[db] engine: ${database.engine} ${database.version}\n`)
  return database
}

/**
 * Starts the first engine that works, in DESIGN.md's order: MONGO_URL as is, a mongod through
 * mongodb-memory-server, FerretDB on SQLite. Failing all, the error names every reason.
 */
export async function startFirstEngine(
  dirs: EngineDirs,
  env: HarnessEnv = readHarnessEnv(),
): Promise<RunningDatabase> {
  if (env.mongoUrl !== undefined) {
    const uri = env.mongoUrl
    const version = await readServerVersion(uri).catch((error: unknown) => {
      throw new Error(`MONGO_URL is set but does not answer: ${reasonOf(error)}`)
    })
    // Not ours to stop: someone else runs it.
    return announce({ uri, engine: 'mongodb-external', version, stop: async () => {} })
  }
  const reasons: string[] = []
  try {
    const mongod = await startMongod({
      systemBinary: env.mongodSystemBinary,
      ...(dirs.mongodDbPath === undefined ? {} : { dbPath: dirs.mongodDbPath }),
    })
    return announce({ ...mongod, engine: 'mongod' })
  } catch (error) {
    reasons.push(`mongod: ${reasonOf(error)}`)
  }
  try {
    const ferret = await startFerretDb({
      bin: env.ferretdbBin,
      dataDir: dirs.ferretdbDataDir,
      stateDir: dirs.ferretdbStateDir,
    })
    return announce({
      uri: ferret.uri,
      engine: 'ferretdb',
      version: ferret.version,
      stop: ferret.stop,
    })
  } catch (error) {
    reasons.push(`ferretdb: ${reasonOf(error)}`)
  }
  throw new Error(`No database engine could start. Set MONGO_URL, or:\n- ${reasons.join('\n- ')}`)
}
