import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { startFirstEngine, type RunningDatabase } from './start-engine.js'

export interface EmbeddedDatabaseOptions {
  /** Persistent folder: mongod keeps `<dataDir>/mongod`, FerretDB `<dataDir>/ferretdb/`. */
  dataDir: string
}

/**
 * The database of the product's run command when MONGO_URL is unset. Same order as the tests,
 * but the data stays in dataDir between runs.
 */
export async function startEmbeddedDatabase(
  options: EmbeddedDatabaseOptions,
): Promise<RunningDatabase> {
  const dataDir = resolve(options.dataDir)
  const mongodDbPath = join(dataDir, 'mongod')
  const ferretdbDataDir = join(dataDir, 'ferretdb')
  await mkdir(mongodDbPath, { recursive: true })
  await mkdir(ferretdbDataDir, { recursive: true })
  return startFirstEngine({ mongodDbPath, ferretdbDataDir, ferretdbStateDir: ferretdbDataDir })
}
