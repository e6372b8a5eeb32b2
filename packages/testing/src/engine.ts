import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { trackTempDir, untrackTempDir } from './child-reaper.js'
import { startFirstEngine, type RunningDatabase } from './start-engine.js'

export type { DatabaseEngine, RunningDatabase } from './start-engine.js'

/**
 * A throwaway database server for a test run: MONGO_URL, else a mongod, else FerretDB in a temp
 * folder. stop() ends the process it started and removes that folder.
 */
export async function startTestDatabase(): Promise<RunningDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'palabre-db-'))
  trackTempDir(dir)
  const removeDir = async () => {
    await rm(dir, { recursive: true, force: true })
    untrackTempDir(dir)
  }
  try {
    const database = await startFirstEngine({ ferretdbDataDir: dir, ferretdbStateDir: dir })
    return {
      ...database,
      stop: async () => {
        await database.stop()
        await removeDir()
      },
    }
  } catch (error) {
    await removeDir()
    throw error
  }
}
