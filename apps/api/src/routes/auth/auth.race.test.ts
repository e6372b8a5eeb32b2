// The sign-in lock-out, through the api: 100 wrong passwords sent at once to two api nodes that
// share the database, as behind a load balancer (docs/database-engine.md, "What an engine must
// give").
import { messages } from '@palabre/contracts'
import type { Server } from 'node:http'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness } from '../../../test/api-harness.js'

const boot = useApiHarness()
let h: ApiHarness
/** Two api nodes on one database, each with its own connection. */
let nodes: [Server, Server]
beforeAll(async () => {
  h = await boot()
  nodes = [h.server, (await h.anotherNode()).server]
})
afterAll(() => h.close())

const login = (node: Server, phone: string, password: string) =>
  request(node).post('/api/auth/login').send({ phone, password })

describe('POST /api/auth/login, 100 wrong passwords at once on two nodes', () => {
  it('answers at most five 401, the rest 429, then refuses the right password as locked', async () => {
    const [first, second] = nodes
    // h.member registers with the password 'secret-pass'.
    const alice = await h.member('33612345678', 'Alice Martin')

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        login(i % 2 === 0 ? first : second, alice.phone, `wrong ${i}`),
      ),
    )
    const wrong = answers.filter((res) => res.status === 401)
    const locked = answers.filter((res) => res.status === 429)
    expect(wrong.length).toBeGreaterThan(0)
    expect(wrong.length).toBeLessThanOrEqual(5)
    expect(locked).toHaveLength(100 - wrong.length)
    for (const res of wrong) expect(res.body.error.message).toBe(messages.signIn.wrongPassword)

    const right = await login(second, alice.phone, 'secret-pass')
    expect(right.status).toBe(429)
    expect(right.headers['set-cookie']).toBeUndefined()
    // About 2 s alone; beside the other suites on 2 cores, past 12 s.
  })
})
