import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  connectDatabase,
  createDomain,
  originPolicy,
  syncIndexes,
  TEST_DATABASE_TIMEOUT_MS,
} from '@palabre/domain'
import type { Domain, DomainOptions } from '@palabre/domain'
import { pino } from 'pino'
import type { Logger } from 'pino'
import { io as connectClient } from 'socket.io-client'
import type { Socket as ClientSocket } from 'socket.io-client'
import { createRealtime, SESSION_COOKIE } from '@palabre/realtime'
import type { Realtime } from '@palabre/realtime'

/**
 * Real parts for tests and benchmarks: a database connection with the domain, realtime nodes
 * on loopback HTTP servers, users with sessions, and socket.io clients carrying the session
 * cookie as a browser would. It sits beside the tests, out of `src`, so the build that ships
 * leaves it out; the benchmarks (tooling/bench) import it as `@palabre/realtime/testing`, built
 * apart by `build:testing` (docs/benchmarks.md, "Where the benchmarks live"). It reaches the
 * server through the package's own entry, as they reach the rest of it.
 */

export interface TestDomain {
  connection: Domain['connection']
  domain: Domain
  close(): Promise<void>
}

export const openDomain = async (
  uri: string,
  dbName?: string,
  options: DomainOptions = {},
): Promise<TestDomain> => {
  const connection = await connectDatabase({
    uri,
    ...(dbName ? { dbName } : {}),
    timeoutMs: TEST_DATABASE_TIMEOUT_MS,
  })
  // A low bcrypt cost: users are made by the dozen here, and the cost is not what is tested.
  const domain = createDomain(connection, { passwordHashCost: 4, ...options })
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
    /** The web app's origin (PUBLIC_URL); by default none: pages of this machine's addresses. */
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
    origins: originPolicy({ publicUrl: options.publicUrl }),
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

/**
 * The next `event` a client receives (its payload), or a rejection after `timeoutMs`: generous,
 * since it only bounds a wait for what must come, on a loaded 2-core machine too.
 */
export const nextEvent = <T = unknown>(
  socket: ClientSocket,
  event: string,
  timeoutMs = 15_000,
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
  timeoutMs = 15_000,
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

/**
 * Resolves once `socket` has received everything the server had sent it before this call: then
 * a test may assert that an event did not arrive, and it proves it on a machine of any speed
 * (never sleep, then assert that nothing came: on a slow machine that passes without proving
 * anything).
 *
 * It emits an event the server answers at once (a payload no contract accepts gets its
 * `validation_failed` acknowledgement, storing nothing) and waits for that answer. socket.io
 * keeps the order of one connection's packets, so everything the server wrote to this socket
 * before it handled the barrier arrives before the answer. Call it after whatever would have
 * sent the absent event: after the acknowledgement of the action whose fan-out must not reach
 * this socket. The server sends a post's or a comment's recipients it before it acknowledges
 * the author (docs/realtime.md, "Acknowledgements"), and a handler's fan-out after the
 * acknowledgement starts in the same turn of the event loop (events/handle.ts), before the
 * server reads the next packet: the barrier's.
 */
export const barrier = async (socket: ClientSocket): Promise<void> => {
  const answer = await emitAck(socket, 'postVuFromWeb', 'barrier')
  const code = (answer as { error?: { code?: unknown } } | undefined)?.error?.code
  if (code !== 'validation_failed')
    throw new Error(`the barrier was answered ${JSON.stringify(answer)}, not validation_failed`)
}

/** Waits until `check` holds (state written after an event the test cannot observe), or fails. */
export const until = async (
  check: () => Promise<boolean> | boolean,
  timeoutMs = 15_000,
): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
