// The five-try limit of a code, through the api: 20 wrong codes sent at once to two api nodes
// that share the database, as behind a load balancer (docs/database-engine.md, "What an engine
// must give").
import type { Server } from 'node:http'
import { messages } from '@palabre/contracts'
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

const verify = (node: Server, otp: string) =>
  request(node)
    .post('/api/otp/verify')
    .send({ nameValuePairs: { countryCode: '33', phoneNumber: '612345678', otp } })

describe('POST /api/otp/verify, 20 wrong codes at once on two nodes', () => {
  it('counts exactly five tries, answers the others as exhausted, then refuses the right code', async () => {
    const [first, second] = nodes
    await request(first)
      .post('/api/otp/send')
      .send({ nameValuePairs: { countryCode: '33', phoneNumber: '612345678' } })
      .expect(200)
    const code = await h.lastOtp('whatsapp', '33612345678')
    const wrong = code === '000000' ? '111111' : '000000'

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => verify(i % 2 === 0 ? first : second, wrong)),
    )
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((status) => status === 400)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(15)
    for (const res of answers.filter((r) => r.status === 400))
      expect(res.body.error.message).toBe(messages.signUp.phoneOtpWrong)
    for (const res of answers.filter((r) => r.status === 429))
      expect(res.body.error.message).toBe('Too many wrong codes. Please ask for a new code.')

    const right = await verify(second, code)
    expect(right.status).toBe(429)
    expect(right.headers['set-cookie']).toBeUndefined()
  })
})
