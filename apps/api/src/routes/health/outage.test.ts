// A database outage (docs/operations.md, "Database outages"): health says so within about a
// second, calls answer 503 `unavailable` within a couple of seconds instead of hanging, and all
// recovers by itself when the database returns. On a database server of this file's own, since
// it pauses and kills it.
import { messages } from '@palabre/contracts'
import type { RunningDatabase } from '@palabre/testing'
import { startTestDatabase } from '@palabre/testing'
// Brings the harness's `inject('mongoEngine')` typing into this program (type-only, erased).
import type {} from '@palabre/testing/vitest-global-setup'
import type { Express } from 'express'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApi } from '../../api.js'
import type { Api } from '../../api.js'
import { loadConfig } from '../../config.js'

const DB_TIMEOUT_MS = 1_500
let database: RunningDatabase
let api: Api
let app: Express

beforeAll(async () => {
  database = await startTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MONGO_URL: database.uri,
    MONGO_DB: 'outage',
    DB_TIMEOUT_MS: String(DB_TIMEOUT_MS),
  })
  api = await createApi(config)
  app = api.app
})
afterAll(async () => {
  await api?.destroy()
  await database?.stop()
})

const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now()
  const result = await work()
  return [result, performance.now() - start]
}

const health = () => request(app).get('/api/health')
/** A call that reads the database: signing in with an unknown number. */
const signIn = () =>
  request(app).post('/api/auth/login').send({ phone: '33611111111', password: 'whatever1' })

// MONGO_URL's server is someone else's: it is not ours to pause or kill.
describe.skipIf(inject('mongoEngine') === 'mongodb-external')('a database outage', () => {
  it('is answered 503 quickly while the database is paused, and recovers by itself', async () => {
    const pid = database.serverPid!
    // The same calls while the database answers: the baseline of this run.
    expect((await health()).status).toBe(200)
    const [healthy] = await timed(() => signIn())
    expect(healthy.status).toBe(404)

    process.kill(pid, 'SIGSTOP')
    const [down, healthMs] = await timed(() => health())
    expect(down.status).toBe(503)
    expect(down.body).toEqual({ status: 'unavailable', db: 'down' })
    const [refused, callMs] = await timed(() => signIn())
    expect(refused.status).toBe(503)
    expect(refused.body).toEqual({
      error: { code: 'unavailable', message: messages.api.unavailable },
    })
    // Health waits 1 s for its ping, a call DB_TIMEOUT_MS per attempt (the driver retries a
    // read once); generous ceilings, never tuned to an idle machine.
    expect(healthMs).toBeLessThan(3 * 1_000)
    expect(callMs).toBeLessThan(3 * 2 * DB_TIMEOUT_MS)

    process.kill(pid, 'SIGCONT')
    const deadline = Date.now() + 30_000
    let back = await health()
    while (back.status !== 200 && Date.now() < deadline) back = await health()
    expect(back.body).toEqual({ status: 'ok', db: 'up' })
    expect((await signIn()).status).toBe(404)
  })

  it('is answered 503 quickly when the database is gone', async () => {
    process.kill(database.serverPid!, 'SIGKILL')
    const [down, healthMs] = await timed(() => health())
    expect(down.status).toBe(503)
    const [refused, callMs] = await timed(() => signIn())
    expect(refused.status).toBe(503)
    expect(healthMs).toBeLessThan(3 * 1_000)
    expect(callMs).toBeLessThan(3 * 2 * DB_TIMEOUT_MS)
  })
})
