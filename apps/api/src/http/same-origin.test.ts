// A page of another site must not act with the user's cookie (docs/security.md, "Cross-site
// requests"). The harness serves the api as https://chat.example.org would; the same api without
// PUBLIC_URL answers on this machine's loopback addresses, as `pnpm start` does on all of its.
import { createServer, request } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import { LOOPBACK_ADDRESSES, listenOnLoopback } from '@palabre/testing'
import type { LoopbackListeners } from '@palabre/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../test/api-harness.js'
import type { ApiHarness, Member } from '../../test/api-harness.js'
import { createApp } from '../app.js'

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

/** A logout sent to one address and port, with the headers a browser (or a proxy) would set. */
const logoutAt = (
  address: string,
  port: number,
  headers: { host: string; origin: string; cookie: string; 'x-forwarded-proto'?: string },
): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const req = request({ host: address, port, method: 'POST', path: '/api/auth/logout', headers })
    req.once('error', reject)
    req.once('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.end()
  })

const refusal = JSON.stringify({
  error: { code: 'forbidden', message: 'Requests from another site are refused.' },
})

describe("without PUBLIC_URL, a state-changing call from this machine's own address", () => {
  // The harness's api (database, sessions) configured as `pnpm start` is by default.
  let servers: Server[] = []
  let loopback: LoopbackListeners
  let trustingPort = 0
  let port = 0
  let phones = 33644444400
  const someone = () => h.member(String(++phones), 'Dado')

  beforeAll(async () => {
    const config = { ...h.api.ctx.config, publicUrl: undefined }
    const machine = createServer(createApp({ ...h.api.ctx, config }))
    // Behind a proxy it trusts (TRUST_PROXY), reached on 127.0.0.1 only.
    const trusting = createServer(
      createApp({ ...h.api.ctx, config: { ...config, trustProxy: true } }),
    )
    servers = [machine, trusting]
    await new Promise<void>((resolve) => trusting.listen(0, '127.0.0.1', resolve))
    trustingPort = (trusting.address() as AddressInfo).port
    // 127.0.0.1, 127.0.0.2 and ::1; fails with the reason where one cannot be bound.
    loopback = await listenOnLoopback(machine)
    port = loopback.port('127.0.0.1')
  })
  afterAll(async () => {
    await loopback?.close()
    for (const server of servers) {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it.each(LOOPBACK_ADDRESSES)('is served from a page at %s', async (address) => {
    const own = await someone()
    const res = await logoutAt(address, loopback.port(address), {
      host: loopback.host(address),
      origin: loopback.origin(address),
      cookie: own.cookie,
    })
    expect(res.status).toBe(204)
    await h.getAs(own, '/api/auth/me').expect(401)
  })

  it("is served from a page at the machine's host name", async () => {
    const own = await someone()
    const name = hostname().toLowerCase()
    const res = await logoutAt('127.0.0.1', port, {
      host: `${name}:${port}`,
      origin: `http://${name}:${port}`,
      cookie: own.cookie,
    })
    expect(res.status).toBe(204)
    await h.getAs(own, '/api/auth/me').expect(401)
  })

  it('is served over https when a trusted proxy says the browser used it', async () => {
    const own = await someone()
    const res = await logoutAt('127.0.0.1', trustingPort, {
      host: `127.0.0.1:${trustingPort}`,
      origin: `https://127.0.0.1:${trustingPort}`,
      'x-forwarded-proto': 'https',
      cookie: own.cookie,
    })
    expect(res.status).toBe(204)
  })

  it.each(LOOPBACK_ADDRESSES)('is refused from a page of another port of %s', async (address) => {
    const other = new URL(loopback.origin(address))
    other.port = String(loopback.port(address) + 1)
    const res = await logoutAt(address, loopback.port(address), {
      host: loopback.host(address),
      origin: other.origin,
      cookie: member.cookie,
    })
    expect(res).toEqual({ status: 403, body: refusal })
    await h.getAs(member, '/api/auth/me').expect(200)
  })

  it.each([
    ['another port of the same host', () => ({ origin: `http://127.0.0.1:${port + 1}` })],
    ['an opaque origin', () => ({ origin: 'null' })],
    ['another site', () => ({ origin: 'http://evil.example' })],
    ['another loopback address than the Host', () => ({ origin: loopback.origin('127.0.0.2') })],
    ['IPv6 loopback, sent to 127.0.0.1', () => ({ origin: loopback.origin('::1') })],
    ['localhost, sent to 127.0.0.1', () => ({ origin: `http://localhost:${port}` })],
    [
      'a DNS name rebound to this machine',
      () => ({ origin: `http://evil.example:${port}`, host: `evil.example:${port}` }),
    ],
    ['an https page over plain http', () => ({ origin: `https://127.0.0.1:${port}` })],
    [
      'an https page, with X-Forwarded-Proto from an untrusted client',
      () => ({ origin: `https://127.0.0.1:${port}`, 'x-forwarded-proto': 'https' }),
    ],
  ])('is refused from %s, and changes nothing', async (_name, sent) => {
    const res = await logoutAt('127.0.0.1', port, {
      host: `127.0.0.1:${port}`,
      cookie: member.cookie,
      ...sent(),
    })
    expect(res).toEqual({ status: 403, body: refusal })
    await h.getAs(member, '/api/auth/me').expect(200)
  })
})
