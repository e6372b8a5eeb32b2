import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  connectDatabase,
  createDomain,
  originPolicy,
  syncIndexes,
  TEST_DATABASE_TIMEOUT_MS,
} from '@palabre/domain'
import type { Domain } from '@palabre/domain'
import { pino } from 'pino'
import type { Logger } from 'pino'
import { io as connectClient } from 'socket.io-client'
import type { Socket as ClientSocket } from 'socket.io-client'
import { SESSION_COOKIE } from '../handshake.js'
import { createRealtime } from '../realtime.js'
import type { Realtime } from '../realtime.js'

/**
 * Real parts for tests and benchmarks: a database connection with the domain, realtime nodes
 * on loopback HTTP servers, users with sessions, and socket.io clients carrying the session
 * cookie as a browser would.
 */

export interface TestDomain {
  connection: Domain['connection']
  domain: Domain
  close(): Promise<void>
}

export const openDomain = async (uri: string, dbName?: string): Promise<TestDomain> => {
  const connection = await connectDatabase({
    uri,
    ...(dbName ? { dbName } : {}),
    timeoutMs: TEST_DATABASE_TIMEOUT_MS,
  })
  // A low bcrypt cost: users are made by the dozen here, and the cost is not what is tested.
  const domain = createDomain(connection, { passwordHashCost: 4 })
  await syncIndexes(domain)
  return { connection, domain, close: () => connection.close() }
}

export interface RealtimeNode {
  url: string
  realtime: Realtime
  close(): Promise<void>
}

export const startNode = async (
  domain: Domain,
  options: {
    redisUrl?: string
    deliveryTimeoutMs?: number
    logger?: Logger
    /** The web app's origin; by default the node's own. */
    publicUrl?: string
    sessionSweepMs?: number
  } = {},
): Promise<RealtimeNode> => {
  const httpServer = createServer()
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve))
  const { port } = httpServer.address() as AddressInfo
  const realtime = await createRealtime({
    httpServer,
    domain,
    logger: options.logger ?? pino({ level: 'silent' }),
    redisUrl: options.redisUrl,
    ...(options.deliveryTimeoutMs ? { deliveryTimeoutMs: options.deliveryTimeoutMs } : {}),
    origins: originPolicy(options.publicUrl ?? `http://127.0.0.1:${port}`),
    ...(options.sessionSweepMs ? { sessionSweepMs: options.sessionSweepMs } : {}),
  })
  return {
    url: `http://127.0.0.1:${port}`,
    realtime,
    async close() {
      await realtime.close()
      await new Promise<void>((resolve) => httpServer.close(() => resolve()))
    },
  }
}

export interface TestUser {
  phone: string
  name: string
  token: string
}

/** A registered user with an open session. */
export const makeUser = async (domain: Domain, phone: string, name: string): Promise<TestUser> => {
  await domain.users.register({
    phone,
    nomPrenom: name,
    indicatif: '33',
    mail: `${phone}@example.test`,
    password: 'secret-pass',
  })
  const { token } = await domain.sessions.open(phone)
  return { phone, name, token }
}

/**
 * Makes people each other's contacts, as posts and folders need (docs/security.md,
 * "Recipients").
 */
export const acquaint = async (
  domain: Domain,
  people: readonly Pick<TestUser, 'phone' | 'name'>[],
): Promise<void> => {
  await Promise.all(
    people.flatMap((owner) =>
      people
        .filter((other) => other.phone !== owner.phone)
        .map((other) =>
          domain.contacts.save(owner.phone, { name: other.name, phone: other.phone }),
        ),
    ),
  )
}

/** A socket.io client signed in through its session cookie; resolves once connected. */
export const connectAs = (
  url: string,
  user: Pick<TestUser, 'token'>,
  query: Record<string, string> = {},
): Promise<ClientSocket> =>
  new Promise((resolve, reject) => {
    const socket = connectClient(url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { Cookie: `${SESSION_COOKIE}=${user.token}` },
      reconnection: false,
      forceNew: true,
      query,
    })
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (error) => {
      socket.close()
      reject(error)
    })
  })

/** The next `event` a client receives (its payload), or a rejection after `timeoutMs`. */
export const nextEvent = <T = unknown>(
  socket: ClientSocket,
  event: string,
  timeoutMs = 5_000,
): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener)
      reject(new Error(`no ${event} within ${timeoutMs} ms`))
    }, timeoutMs)
    const listener = (payload: T, ack?: (answer: unknown) => void) => {
      clearTimeout(timer)
      socket.off(event, listener)
      if (typeof ack === 'function') ack(1)
      resolve(payload)
    }
    socket.on(event, listener)
  })

/** Emits and waits for the server's acknowledgement. */
export const emitAck = (
  socket: ClientSocket,
  event: string,
  payload: unknown,
  timeoutMs = 10_000,
): Promise<unknown> => socket.timeout(timeoutMs).emitWithAck(event, payload) as Promise<unknown>

/** Every payload of `event` a client receives from now on (acknowledging each, as our web client does). */
export const collect = <T = unknown>(socket: ClientSocket, event: string): T[] => {
  const seen: T[] = []
  socket.on(event, (payload: T, ack?: (answer: unknown) => void) => {
    seen.push(payload)
    if (typeof ack === 'function') ack(1)
  })
  return seen
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `check` holds (state written after an event the test cannot observe), or fails. */
export const until = async (
  check: () => Promise<boolean> | boolean,
  timeoutMs = 5_000,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await sleep(25)
  }
}
