// A realtime node's GET /metrics (docs/operations.md, "Metrics"), wired as main.ts wires it: the
// node's registry, its database connection's command monitoring, and the endpoint on its server.
import { createServer } from 'node:http'
import type { Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { errorBody } from '@palabre/contracts'
import type { PostData } from '@palabre/contracts'
import {
  connectDatabase,
  createDomain,
  originPolicy,
  syncIndexes,
  TEST_DATABASE_TIMEOUT_MS,
} from '@palabre/domain'
import { useTestDatabase } from '@palabre/testing'
// Brings the harness's `inject('mongoUri')` typing into this program (type-only, erased).
import type {} from '@palabre/testing/vitest-global-setup'
import type { Connection } from 'mongoose'
import { pino } from 'pino'
import type { Socket as ClientSocket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { processMetrics } from '@palabre/server-kit'
import { metricsEndpoint, outcomeOf } from './metrics.js'
import { createRealtime } from './realtime.js'
import type { Realtime } from './realtime.js'
import { acquaint, connectAs, emitAck, makeUser, nextEvent, until } from '../test/harness.js'
import type { TestUser } from '../test/harness.js'

const TOKEN = 'scraper-token-0123456789'
const db = useTestDatabase()
let connection: Connection
let httpServer: HttpServer
let realtime: Realtime
let url: string
let ann: TestUser
let bob: TestUser
const clients: ClientSocket[] = []

/** A node's HTTP server as main.ts makes it: /metrics, else a 404. */
const nodeServer = (serveMetrics: ReturnType<typeof metricsEndpoint>) =>
  createServer((req, res) => {
    if (serveMetrics(req, res)) return
    res.writeHead(404, { 'content-type': 'application/json' }).end('{}')
  })

const listen = async (server: HttpServer): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  const metrics = processMetrics()
  connection = await connectDatabase({
    uri: db.uri,
    timeoutMs: TEST_DATABASE_TIMEOUT_MS,
    onCommand: metrics.onCommand,
  })
  const domain = createDomain(connection, { passwordHashCost: 4 })
  await syncIndexes(domain)
  httpServer = nodeServer(metricsEndpoint(TOKEN, metrics.registry))
  realtime = await createRealtime({
    httpServer,
    domain,
    logger: pino({ level: 'silent' }),
    origins: originPolicy({}),
    metrics: metrics.registry,
  })
  url = await listen(httpServer)
  ann = await makeUser(domain, '33600000001', 'Ann A')
  bob = await makeUser(domain, '33600000002', 'Bob B')
  await acquaint(domain, [ann, bob])
})
// A socket left from an earlier test would hold a delivery until its timeout.
afterEach(() => {
  for (const client of clients.splice(0)) client.close()
})
afterAll(async () => {
  await realtime.close()
  await new Promise<void>((resolve) => httpServer.close(() => resolve()))
  await connection.close()
})

const connect = async (user: TestUser) => {
  const socket = await connectAs(url, user)
  clients.push(socket)
  return socket
}

const scrape = async (): Promise<string> => {
  const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  return res.text()
}

/** The value of one sample line, `name{labels} value` (or `name value`), or undefined. */
const sample = (text: string, name: string, labels = ''): number | undefined => {
  const head = labels === '' ? `${name} ` : `${name}{${labels}} `
  const line = text.split('\n').find((l) => l.startsWith(head))
  return line === undefined ? undefined : Number(line.slice(head.length))
}

describe('GET /metrics on a realtime node', () => {
  it('is not there while METRICS_TOKEN is unset: the node answers 404', async () => {
    const bare = nodeServer(metricsEndpoint(undefined, undefined))
    const at = await listen(bare)
    try {
      const res = await fetch(`${at}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain('palabre_')
    } finally {
      await new Promise<void>((resolve) => bare.close(() => resolve()))
    }
  })

  it('answers 401 without the token or with another', async () => {
    const refused: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer wrong' },
      { Authorization: TOKEN },
    ]
    for (const headers of refused) {
      const res = await fetch(`${url}/metrics`, { headers })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toBe('Bearer')
      expect(await res.text()).not.toContain('palabre_')
    }
  })

  it('answers the Prometheus text format with the token', async () => {
    const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await res.text()
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'palabre_sockets_connected',
      'palabre_socket_events_total',
      'palabre_socket_event_duration_seconds',
      'palabre_deliveries_total',
      'palabre_db_command_duration_seconds',
    ])
      expect(text).toMatch(new RegExp(`^# TYPE ${name} `, 'm'))
  })
})

describe('the realtime metrics', () => {
  it('count the sockets connected now', async () => {
    expect(sample(await scrape(), 'palabre_sockets_connected')).toBe(0)
    const first = await connect(ann)
    const second = await connect(bob)
    expect(sample(await scrape(), 'palabre_sockets_connected')).toBe(2)
    // The server sees each socket go some time after its client closed it.
    first.close()
    await until(async () => sample(await scrape(), 'palabre_sockets_connected') === 1)
    second.close()
    await until(async () => sample(await scrape(), 'palabre_sockets_connected') === 0)
  })

  it('count client events by outcome and time them, and count delivery acknowledgements', async () => {
    const annSocket = await connect(ann)
    const bobSocket = await connect(bob)
    // Bob's socket acknowledges the post it receives; Ann is told once the mark is written.
    const received = nextEvent<PostData>(bobSocket, 'message')
    const callback = nextEvent(annSocket, 'callback')
    const post = {
      idPostEmet: 'post-metrics-1',
      emetr_phone: ann.phone,
      emetr_name: 'Ann A',
      text: 'Hello',
      typePoste: '0',
      destinataires: JSON.stringify([{ phone: `+${bob.phone}`, name: 'Bob' }]),
      groups: '[]',
    }
    expect(await emitAck(annSocket, 'message', post)).toBe(1)
    const refusal = await emitAck(annSocket, 'postVuFromWeb', 'not a payload')
    expect(refusal).toMatchObject({ error: { code: 'validation_failed' } })
    await received
    await callback
    const text = await scrape()
    const events = 'palabre_socket_events_total'
    expect(sample(text, events, 'event="message",outcome="ok"')).toBe(1)
    expect(sample(text, events, 'event="postVuFromWeb",outcome="refused"')).toBe(1)
    expect(text).not.toMatch(/outcome="error"/)
    const timed = 'palabre_socket_event_duration_seconds_count'
    expect(sample(text, timed, 'event="message",outcome="ok"')).toBe(1)
    expect(sample(text, timed, 'event="postVuFromWeb",outcome="refused"')).toBe(1)
    expect(sample(text, 'palabre_deliveries_total', 'kind="post"')).toBe(1)
    expect(sample(text, 'palabre_deliveries_total', 'kind="comment"')).toBe(0)
  })

  it("time the node's database commands by name, finds among them", async () => {
    const text = await scrape()
    expect(
      sample(text, 'palabre_db_command_duration_seconds_count', 'command="find"'),
    ).toBeGreaterThan(0)
    expect(text).toMatch(
      /^palabre_db_command_duration_seconds_bucket\{le="\+Inf",command="find"\} /m,
    )
  })
})

describe('the outcome of an acknowledgement', () => {
  it('is ok for 1, error for what REST answers with a 5xx, refused for any other refusal', () => {
    expect(outcomeOf(1)).toBe('ok')
    expect(outcomeOf(errorBody('internal', 'x'))).toBe('error')
    expect(outcomeOf(errorBody('unavailable', 'x'))).toBe('error')
    for (const code of [
      'validation_failed',
      'forbidden',
      'too_many_requests',
      'unauthenticated',
    ] as const)
      expect(outcomeOf(errorBody(code, 'x'))).toBe('refused')
  })
})
