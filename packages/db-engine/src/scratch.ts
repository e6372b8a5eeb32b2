import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { EngineEnv } from './env.js'
import { claimFolder, sweepAbandoned } from './owner.js'
import { startFirstEngine, type RunningDatabase } from './start-engine.js'

const PREFIX = 'palabre-db-'

/**
 * A throwaway database server for a test run: MONGO_URL, else a mongod, else FerretDB 2 on a
 * PostgreSQL cluster in a temp folder. stop() ends what it started and removes that folder;
 * folders that killed runs left behind are swept (their servers ended) on the next start.
 */
export async function startScratchDatabase(env?: EngineEnv): Promise<RunningDatabase> {
  await sweepAbandoned(tmpdir(), PREFIX)
  const dir = await mkdtemp(join(tmpdir(), PREFIX))
  // The servers may run as another account (docs/database-engine.md): let it pass through.
  await chmod(dir, 0o711)
  const release = await claimFolder(dir)
  const removeDir = () => rm(dir, { recursive: true, force: true })
  try {
    const database = await startFirstEngine(
      { documentdbDir: join(dir, 'documentdb'), durable: false },
      env,
    )
    return {
      ...database,
      stop: async () => {
        await database.stop()
        await release()
        await removeDir()
      },
    }
  } catch (error) {
    await removeDir()
    throw error
  }
}
