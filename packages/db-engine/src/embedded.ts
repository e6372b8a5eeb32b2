import { existsSync } from 'node:fs'
import { mkdir, readdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { readEngineEnv, type EngineEnv } from './env.js'
import { claimFolder } from './owner.js'
import {
  startDocumentDbEngine,
  startFirstEngine,
  startMongodEngine,
  useExternal,
  type EngineDirs,
  type RunningDatabase,
} from './start-engine.js'

export interface EmbeddedDatabaseOptions {
  /** Persistent folder: mongod keeps `<dataDir>/mongod`, FerretDB and PostgreSQL `<dataDir>/postgres`. */
  dataDir: string
}

const hasFiles = async (dir: string) => (await readdir(dir).catch(() => [])).length > 0

/**
 * The database of the product's run command when MONGO_URL is unset. Same order as the tests,
 * but the data stays in dataDir between runs, and a folder that already holds one engine's data
 * keeps that engine (a mongod that has become available does not hide the data of FerretDB).
 */
export async function startEmbeddedDatabase(
  options: EmbeddedDatabaseOptions,
  env: EngineEnv = readEngineEnv(),
): Promise<RunningDatabase> {
  if (env.mongoUrl !== undefined) return useExternal(env.mongoUrl)
  const dataDir = resolve(options.dataDir)
  await mkdir(dataDir, { recursive: true })
  const release = await claimFolder(dataDir)
  const dirs: EngineDirs = {
    mongodDbPath: join(dataDir, 'mongod'),
    documentdbDir: join(dataDir, 'postgres'),
    durable: true,
  }
  if (await hasFiles(join(dataDir, 'ferretdb'))) {
    process.stderr.write(
      `[db] ${join(dataDir, 'ferretdb')} holds data of FerretDB 1.x, which is no longer used; ` +
        'it is left as it is\n',
    )
  }
  try {
    let database: RunningDatabase
    if (existsSync(join(dirs.documentdbDir, 'pg', 'PG_VERSION'))) {
      database = await startDocumentDbEngine(dirs, env)
    } else if (await hasFiles(dirs.mongodDbPath!)) {
      database = await startMongodEngine(dirs, env)
    } else {
      await mkdir(dirs.mongodDbPath!, { recursive: true })
      database = await startFirstEngine(dirs, env)
    }
    return {
      ...database,
      stop: async () => {
        await database.stop()
        await release()
      },
    }
  } catch (error) {
    await release()
    throw error
  }
}
