import { startDocumentDb } from './documentdb.js'
import { readEngineEnv, type EngineEnv } from './env.js'
import { startMongod } from './mongod.js'
import { readServerVersion } from './server-info.js'

export type DatabaseEngine = 'mongodb-external' | 'mongod' | 'ferretdb'

export interface RunningDatabase {
  /** Connection string of the server, without a database name. */
  uri: string
  engine: DatabaseEngine
  /** The engine's own version (for FerretDB, its release and what runs under it). */
  version: string
  /**
   * The process answering the MongoDB protocol, when we started it: what an outage test pauses
   * or kills. Undefined for MONGO_URL's server.
   */
  serverPid?: number | undefined
  stop(): Promise<void>
}

export interface EngineDirs {
  /** mongod data folder; omitted: mongodb-memory-server's own temp folder. */
  mongodDbPath?: string
  /** The folder of FerretDB and its PostgreSQL cluster. */
  documentdbDir: string
  /** false for a test run's throwaway data (the cluster skips fsync). */
  durable: boolean
}

const reasonOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)

function announce(database: RunningDatabase): RunningDatabase {
  process.stderr.write(`[db] engine: ${database.engine} ${database.version}\n`)
  return database
}

/** MONGO_URL's server, used as is: not ours to stop. */
export async function useExternal(uri: string): Promise<RunningDatabase> {
  const version = await readServerVersion(uri).catch((error: unknown) => {
    throw new Error(`MONGO_URL is set but does not answer: ${reasonOf(error)}`)
  })
  return announce({ uri, engine: 'mongodb-external', version, stop: async () => {} })
}

export async function startMongodEngine(
  dirs: EngineDirs,
  env: EngineEnv,
): Promise<RunningDatabase> {
  const mongod = await startMongod({
    systemBinary: env.mongodSystemBinary,
    ...(dirs.mongodDbPath === undefined ? {} : { dbPath: dirs.mongodDbPath }),
  })
  return announce({ ...mongod, engine: 'mongod' })
}

export async function startDocumentDbEngine(
  dirs: EngineDirs,
  env: EngineEnv,
): Promise<RunningDatabase> {
  const ferretdb = await startDocumentDb({ dir: dirs.documentdbDir, durable: dirs.durable }, env)
  return announce({ ...ferretdb, engine: 'ferretdb' })
}

/**
 * Starts the first engine that works, in the order of docs/database-engine.md: MONGO_URL as is,
 * a mongod through mongodb-memory-server, FerretDB 2 on PostgreSQL with DocumentDB. Failing
 * all, the error names every reason.
 */
export async function startFirstEngine(
  dirs: EngineDirs,
  env: EngineEnv = readEngineEnv(),
): Promise<RunningDatabase> {
  if (env.mongoUrl !== undefined) return useExternal(env.mongoUrl)
  const reasons: string[] = []
  for (const [name, start] of [
    ['mongod', startMongodEngine],
    ['ferretdb', startDocumentDbEngine],
  ] as const) {
    try {
      return await start(dirs, env)
    } catch (error) {
      reasons.push(`${name}: ${reasonOf(error)}`)
    }
  }
  throw new Error(`No database engine could start. Set MONGO_URL, or:\n- ${reasons.join('\n- ')}`)
}
