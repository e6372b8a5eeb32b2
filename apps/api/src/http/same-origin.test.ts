// A page of another site must not act with the user's cookie (docs/security.md, "Cross-site
// requests"). The harness serves the api as https://chat.example.org would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../test/api-harness.js'
import type { ApiHarness, Member } from '../../test/api-harness.js'

const boot = useApiHarness({ PUBLIC_URL: 'https://chat.example.org' })
let h: ApiHarness
let member: Member
beforeAll(async () => {
  h = await boot()
  member = await h.member('33611111111', 'Awa')
})
afterAll(() => h.close())

const logoutFrom = (origin: string | undefined) => {
  const call = h.browser().post('/api/auth/logout').set('Cookie', member.cookie)
  return origin === undefined ? call : call.set('Origin', origin)
}

describe('a state-changing call from another origin', () => {
  it.each([
    ['another site', 'http://evil.example'],
    ['an opaque origin (sandboxed frame, file:)', 'null'],
    ['another port of the same host', 'https://chat.example.org:8443'],
  ])('is refused with 403 when it comes from %s, and changes nothing', async (_name, origin) => {
    const res = await logoutFrom(origin).expect(403)
    expect(res.body).toEqual({
      error: { code: 'forbidden', message: 'Requests from another site are refused.' },
    })
    // The session survived the refused logout.
    await h.getAs(member, '/api/auth/me').expect(200)
  })

  it('is refused before its body is even read', async () => {
    await h
      .browser()
      .post('/api/auth/login')
      .set('Origin', 'http://evil.example')
      .send({ phone: '33611111111', password: 'whatever1' })
      .expect(403)
  })

  it('is served when it comes from the public origin', async () => {
    const own = await h.member('33622222222', 'Binta')
    await h
      .browser()
      .post('/api/auth/logout')
      .set('Cookie', own.cookie)
      .set('Origin', 'https://chat.example.org')
      .expect(204)
  })

  it('is served without an Origin header (a server-side client, a same-origin navigation)', async () => {
    const own = await h.member('33633333333', 'Coumba')
    await h.browser().post('/api/auth/logout').set('Cookie', own.cookie).expect(204)
  })

  it('does not concern reads: a GET from anywhere is answered as usual', async () => {
    await h.getAs(member, '/api/auth/me').set('Origin', 'http://evil.example').expect(200)
  })
})
