import { createServer } from 'node:http'
import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import {
  connectDatabase,
  createDomain,
  originPolicy,
  syncIndexes,
  TEST_DATABASE_TIMEOUT_MS,
} from '@palabre/domain'
import type { Domain } from '@palabre/domain'
import { LOOPBACK_ADDRESSES, listenOnLoopback, useTestDatabase } from '@palabre/testing'
import type { LoopbackListeners } from '@palabre/testing'
// Brings the harness's `inject('mongoUri')` typing into this program (type-only, erased).
import type {} from '@palabre/testing/vitest-global-setup'
import type { Connection } from 'mongoose'
import { pino } from 'pino'
import { io as connectClient } from 'socket.io-client'
import type { Socket as ClientSocket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE, phoneRoom } from './handshake.js'
import { createRealtime } from './realtime.js'
import type { Realtime } from './realtime.js'

const db = useTestDatabase()
let connection: Connection
let domain: Domain
let httpServer: HttpServer
let realtime: Realtime
let url: string
const clients: ClientSocket[] = []
/** The web app's origin, as the product is configured with PUBLIC_URL. */
const publicUrl = 'https://chat.example.org'

beforeAll(async () => {
  connection = await connectDatabase({ uri: db.uri, timeoutMs: TEST_DATABASE_TIMEOUT_MS })
  domain = createDomain(connection)
  await syncIndexes(domain)
  httpServer = createServer()
  realtime = await createRealtime({
    httpServer,
    domain,
    logger: pino({ level: 'silent' }),
    origins: originPolicy({ publicUrl }),
  })
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`
})
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect()
})
afterAll(async () => {
  await realtime.close()
  await new Promise<void>((resolve) => httpServer.close(() => resolve()))
  await connection.close()
})

/** Connects to `to` with these headers (Host is the address's own unless given). */
const connectTo = (
  to: string,
  claimedPhone: string,
  headers: Record<string, string>,
): ClientSocket => {
  const client = connectClient(to, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { phone: claimedPhone, userPhone: claimedPhone },
    query: { phone: claimedPhone },
    extraHeaders: headers,
  })
  clients.push(client)
  return client
}

/** Connects like the web app (same-origin cookie), claiming a phone in auth and query. */
const connect = (
  cookie: string | undefined,
  claimedPhone = '33699999999',
  origin?: string,
): ClientSocket =>
  connectTo(url, claimedPhone, {
    ...(cookie ? { Cookie: cookie } : {}),
    ...(origin === undefined ? {} : { Origin: origin }),
  })

/** A live session's cookie, as the browser of a signed-in user sends it. */
const signedIn = async (phone: string): Promise<string> => {
  const { token } = await domain.sessions.open(phone)
  return `${SESSION_COOKIE}=${token}`
}

const outcome = (
  client: ClientSocket,
): Promise<{ connected: true } | { connected: false; reason: string }> =>
  new Promise((resolve) => {
    client.once('connect', () => resolve({ connected: true }))
    client.once('connect_error', (error) => resolve({ connected: false, reason: error.message }))
  })

describe('the socket handshake', () => {
  it.each([
    ['another site', 'http://evil.example'],
    ['an opaque origin', 'null'],
    ['another port of the same host', 'https://chat.example.org:8443'],
  ])('refuses a page of %s, even with a live session cookie', async (_name, origin) => {
    const cookie = await signedIn('33611112222')
    const result = await outcome(connect(cookie, '33611112222', origin))
    expect(result.connected).toBe(false)
  })

  it('accepts a page of the public origin with a live session', async () => {
    const cookie = await signedIn('33611113333')
    expect(await outcome(connect(cookie, '33611113333', publicUrl))).toEqual({ connected: true })
  })

  it('refuses a socket without a session cookie', async () => {
    expect(await outcome(connect(undefined))).toEqual({
      connected: false,
      reason: 'unauthenticated',
    })
  })

  it('refuses a socket with an unknown session token', async () => {
    const result = await outcome(connect(`${SESSION_COOKIE}=not-a-session`))
    expect(result).toEqual({ connected: false, reason: 'unauthenticated' })
  })

  it('refuses a socket whose session was revoked', async () => {
    const { token } = await domain.sessions.open('33612345678')
    await domain.sessions.revoke(token)
    const result = await outcome(connect(`${SESSION_COOKIE}=${token}`))
    expect(result).toEqual({ connected: false, reason: 'unauthenticated' })
  })

  it("accepts a live session as the session's phone, whatever phone the client claims", async () => {
    const { token } = await domain.sessions.open('33612345678')
    const client = connect(`theme=dark; ${SESSION_COOKIE}=${token}`, '33699999999')
    expect(await outcome(client)).toEqual({ connected: true })
    const [server] = await realtime.io.in(client.id ?? '').fetchSockets()
    expect(server?.data.phone).toBe('33612345678')
    expect(server?.rooms.has(phoneRoom('33612345678'))).toBe(true)
    expect(server?.rooms.has(phoneRoom('33699999999'))).toBe(false)
  })
})

describe("without PUBLIC_URL, the socket handshake from this machine's own address", () => {
  // Nodes configured as `pnpm start` is by default; one of them behind a proxy it trusts.
  let machine: { server: HttpServer; realtime: Realtime }
  let trusting: { server: HttpServer; realtime: Realtime }
  let loopback: LoopbackListeners
  let port = 0
  let trustingPort = 0
  let phones = 33644444400
  /** What the machine node's engine said of each handshake it refused. */
  const refusals: string[] = []

  const nodeWith = async (trustProxy: boolean) => {
    const server = createServer()
    const node = await createRealtime({
      httpServer: server,
      domain,
      logger: pino({ level: 'silent' }),
      origins: originPolicy({ trustProxy }),
    })
    return { server, realtime: node }
  }

  beforeAll(async () => {
    machine = await nodeWith(false)
    trusting = await nodeWith(true)
    await new Promise<void>((resolve) => trusting.server.listen(0, '127.0.0.1', resolve))
    trustingPort = (trusting.server.address() as AddressInfo).port
    // 127.0.0.1, 127.0.0.2 and ::1; fails with the reason where one cannot be bound.
    loopback = await listenOnLoopback(machine.server)
    port = loopback.port('127.0.0.1')
    machine.realtime.io.engine.on('connection_error', (error: { message: string }) =>
      refusals.push(error.message),
    )
  })
  afterAll(async () => {
    await loopback?.close()
    for (const node of [machine, trusting]) {
      if (!node) continue
      await node.realtime.close()
      node.server.closeAllConnections()
      await new Promise<void>((resolve) => node.server.close(() => resolve()))
    }
  })

  /** A signed-in browser's socket to 127.0.0.1 of the machine node, with these headers. */
  const openFrom = async (headers: Record<string, string>) => {
    const phone = String(++phones)
    const Cookie = await signedIn(phone)
    return outcome(connectTo(`http://127.0.0.1:${port}`, phone, { Cookie, ...headers }))
  }

  it.each(LOOPBACK_ADDRESSES)('accepts a page at %s', async (address) => {
    const phone = String(++phones)
    const Cookie = await signedIn(phone)
    const client = connectTo(loopback.origin(address), phone, {
      Cookie,
      Origin: loopback.origin(address),
    })
    expect(await outcome(client)).toEqual({ connected: true })
  })

  it("accepts a page at the machine's host name", async () => {
    const name = hostname().toLowerCase()
    const result = await openFrom({ Origin: `http://${name}:${port}`, Host: `${name}:${port}` })
    expect(result).toEqual({ connected: true })
  })

  it('accepts an https page when a trusted proxy says the browser used https', async () => {
    const phone = String(++phones)
    const client = connectTo(`http://127.0.0.1:${trustingPort}`, phone, {
      Cookie: await signedIn(phone),
      Origin: `https://127.0.0.1:${trustingPort}`,
      'X-Forwarded-Proto': 'https',
    })
    expect(await outcome(client)).toEqual({ connected: true })
  })

  it.each([
    ['another port of the same host', () => ({ Origin: `http://127.0.0.1:${port + 1}` })],
    ['an opaque origin', () => ({ Origin: 'null' })],
    ['another site', () => ({ Origin: 'http://evil.example' })],
    ['another loopback address than the Host', () => ({ Origin: loopback.origin('127.0.0.2') })],
    ['IPv6 loopback, sent to 127.0.0.1', () => ({ Origin: loopback.origin('::1') })],
    [
      'a DNS name rebound to this machine',
      () => ({ Origin: `http://evil.example:${port}`, Host: `evil.example:${port}` }),
    ],
    ['an https page over plain http', () => ({ Origin: `https://127.0.0.1:${port}` })],
    [
      'an https page, with X-Forwarded-Proto from an untrusted client',
      () => ({ Origin: `https://127.0.0.1:${port}`, 'X-Forwarded-Proto': 'https' }),
    ],
  ])('refuses a page of %s, even with a live session cookie', async (_name, headers) => {
    const before = refusals.length
    const result = await openFrom(headers())
    expect(result).toEqual({ connected: false, reason: 'websocket error' })
    // Refused by the origin check of the handshake, not lost on the way.
    expect(refusals.slice(before)).toEqual(['Forbidden'])
  })
})
