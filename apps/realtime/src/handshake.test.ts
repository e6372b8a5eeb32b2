import { createServer } from 'node:http'
import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  connectDatabase,
  createDomain,
  originPolicy,
  syncIndexes,
  TEST_DATABASE_TIMEOUT_MS,
} from '@palabre/domain'
import type { Domain } from '@palabre/domain'
import { useTestDatabase } from '@palabre/testing'
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
    origins: originPolicy(publicUrl),
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

/** Connects like the web app (same-origin cookie), claiming a phone in auth and query. */
const connect = (
  cookie: string | undefined,
  claimedPhone = '33699999999',
  origin?: string,
): ClientSocket => {
  const client = connectClient(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { phone: claimedPhone, userPhone: claimedPhone },
    query: { phone: claimedPhone },
    extraHeaders: {
      ...(cookie ? { Cookie: cookie } : {}),
      ...(origin === undefined ? {} : { Origin: origin }),
    },
  })
  clients.push(client)
  return client
}

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
