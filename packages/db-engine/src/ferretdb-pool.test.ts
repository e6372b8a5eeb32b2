import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MongoClient } from 'mongodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDocumentDb } from './documentdb.js'
import type { RunningDocumentDb } from './documentdb.js'
import { readEngineEnv } from './env.js'
import { readPidFile } from './processes.js'

const env = readEngineEnv()
const POOL = 6

/** PostgreSQL's backends serving a client over its socket: FerretDB's connections, here. */
const clientBackends = (postmaster: number): number =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const ppid = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]
        return (
          ppid === String(postmaster) &&
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('[local]')
        )
      } catch {
        return false // gone meanwhile
      }
    }).length

describe.runIf(env.mongoUrl === undefined && existsSync(env.ferretdbBin))(
  'FerretDB with FERRETDB_POOL_SIZE',
  () => {
    let dir = ''
    let database: RunningDocumentDb | undefined
    let postmaster = 0
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'palabre-pool-'))
      await chmod(dir, 0o711)
      database = await startDocumentDb(
        { dir: join(dir, 'documentdb'), durable: false },
        { ...env, ferretdbPoolSize: POOL },
      )
      postmaster = (await readPidFile(join(dir, 'documentdb', 'pg', 'postmaster.pid'))) ?? 0
    })
    afterAll(async () => {
      await database?.stop()
      await rm(dir, { recursive: true, force: true })
    })

    it('opens that many PostgreSQL connections at start and no more under load', async () => {
      expect(postmaster).toBeGreaterThan(0)
      // FerretDB's own pool would start with 10 and grow to 50; the pool opens in the background.
      const deadline = Date.now() + 15_000
      while (clientBackends(postmaster) < POOL && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50))
      expect(clientBackends(postmaster)).toBe(POOL)

      const client = new MongoClient(database!.uri, { maxPoolSize: 40 })
      try {
        const notes = client.db('pool').collection<{ n: number; i: number }>('notes')
        const docs = (n: number) => Array.from({ length: 200 }, (_, i) => ({ n, i }))
        await Promise.all(Array.from({ length: 40 }, (_, n) => notes.insertMany(docs(n))))
        expect(await notes.countDocuments()).toBe(40 * 200)
      } finally {
        await client.close()
      }
      expect(clientBackends(postmaster)).toBe(POOL)
    })
  },
)
