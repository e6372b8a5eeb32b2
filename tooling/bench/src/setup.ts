import { makeUser, openDomain } from '@palabre/realtime/testing'
import type { TestDomain, TestUser } from '@palabre/realtime/testing'
import { startTestDatabase } from '@palabre/testing'
import type { RunningDatabase } from '@palabre/testing'
import { machineLine } from './machine.js'

export interface BenchDatabase {
  database: RunningDatabase
  t: TestDomain
  stop(): Promise<void>
}

/** The harness engine (MONGO_URL, else mongod, else FerretDB) and a fresh database on it. */
export const openBenchDatabase = async (name: string): Promise<BenchDatabase> => {
  const database = await startTestDatabase()
  const t = await openDomain(database.uri, `bench_${name}_${Date.now()}`)
  console.log(`engine: ${database.engine} ${database.version}`)
  console.log(machineLine('start'))
  return {
    database,
    t,
    async stop() {
      console.log(machineLine('end'))
      await t.connection.dropDatabase().catch(() => undefined)
      await t.close()
      await database.stop()
    },
  }
}

/** `count` registered users with sessions, phones 33 7xx xx xx xx. */
export const makeUsers = async (
  t: TestDomain,
  count: number,
  prefix = 'User',
): Promise<TestUser[]> => {
  const users: TestUser[] = []
  for (let i = 0; i < count; i++) {
    users.push(await makeUser(t.domain, `337${String(10_000_000 + i).slice(-8)}`, `${prefix} ${i}`))
  }
  return users
}
