// What a hostile JSON body costs the api before it is refused (docs/security.md, "Bad input";
// docs/benchmarks.md, "10. Deep JSON"): a body of about 900 KB of nested brackets, and flat
// bodies of the same size (one long string, one wide array), sent to the real HTTP server on
// loopback, each timed on the server from the request's arrival to the end of its answer; then
// GET /api/health timed while four clients send such bodies without pause. Prints figures,
// asserts nothing. Build first: `pnpm turbo run build --filter=@palabre/api...`.
import { request } from 'node:http'
import type { Agent } from 'node:http'
import { Agent as HttpAgent, createServer } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startTestDatabase } from '@palabre/testing'
import { createApi, createLogger, loadConfig, SESSION_COOKIE } from '@palabre/api'
import { benchEnv } from './env.js'

const { deepJsonRepeats: REPEATS, deepJsonBytes: BYTES, deepJsonFlood: FLOOD_REQUESTS } = benchEnv

const machine = (when: string) =>
  `machine (${when}): ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`

/** The bodies, each `BYTES` long. */
const bodies = {
  deep: `${'['.repeat(BYTES / 2)}${']'.repeat(BYTES / 2)}`,
  string: (() => {
    const shell = '{"phone":"","password":""}'
    return `{"phone":"","password":"${'x'.repeat(BYTES - shell.length)}"}`
  })(),
  wide: `[${'0,'.repeat(BYTES / 2 - 1)}0]`,
} as const

type Kind = keyof typeof bodies

const label: Record<Kind, string> = {
  deep: `deep: ${(BYTES / 2).toLocaleString('en')} nested arrays`,
  string: 'flat: one long string',
  wide: `flat: an array of ${(BYTES / 2).toLocaleString('en')} numbers`,
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

interface Sent {
  status: number
  /** Milliseconds on the server, from the request's arrival to the end of its answer. */
  serverMs: number
}

const main = async () => {
  console.log(machine('start'))
  const database = await startTestDatabase()
  console.log(`engine: ${database.engine} ${database.version}`)
  const dir = await mkdtemp(join(tmpdir(), 'palabre-bench-deep-json-'))
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', UPLOAD_DIR: join(dir, 'up') })
  const api = await createApi(config, {
    mongoUrl: database.uri,
    dbName: `bench_deep_json_${Date.now()}`,
    logger: createLogger('warn'),
  })
  // Each request's time on the server, under the id the client gave it.
  const serverTimes = new Map<string, number>()
  const server = createServer((req, res) => {
    const arrived = performance.now()
    const id = String(req.headers['x-bench-id'] ?? '')
    res.on('finish', () => serverTimes.set(id, performance.now() - arrived))
    api.app(req, res)
  })
  // The client's idle connections outlive a phase: the server must not close one as it is reused.
  server.keepAliveTimeout = 120_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  const agent: Agent = new HttpAgent({ keepAlive: true, maxSockets: 16 })
  let nextId = 0

  const send = (method: string, path: string, body: string | undefined, cookie?: string) =>
    new Promise<Sent>((resolve, reject) => {
      const id = String((nextId += 1))
      const headers: Record<string, string> = { 'x-bench-id': id }
      if (body !== undefined) headers['content-type'] = 'application/json'
      if (cookie) headers['cookie'] = cookie
      const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
        res.resume()
        res.on('end', () => {
          // 'finish' on the server comes before the client reads the end of the answer.
          const serverMs = serverTimes.get(id)
          serverTimes.delete(id)
          resolve({ status: res.statusCode ?? 0, serverMs: serverMs ?? NaN })
        })
      })
      req.on('error', reject)
      req.end(body)
    })

  try {
    const { domain } = api.ctx
    await domain.users.register({
      phone: '33611112222',
      nomPrenom: 'Bench',
      indicatif: '33',
      mail: 'bench@example.test',
      password: 'secret-pass',
    })
    const { token } = await domain.sessions.open('33611112222')
    const cookie = `${SESSION_COOKIE}=${token}`

    const cases: { title: string; path: string; cookie?: string; kinds: Kind[] }[] = [
      {
        title: 'POST /api/auth/login, no session',
        path: '/api/auth/login',
        kinds: ['deep', 'string', 'wide'],
      },
      {
        title: 'POST /api/createPoll, signed in',
        path: '/api/createPoll',
        cookie,
        kinds: ['deep', 'string', 'wide'],
      },
      { title: 'POST /api/createPoll, no session', path: '/api/createPoll', kinds: ['deep'] },
    ]
    console.log(
      `${REPEATS} requests of each body (${BYTES.toLocaleString('en')} bytes), interleaved, after 3 unmeasured rounds; server time in ms`,
    )
    for (const { title, path, cookie: as, kinds } of cases) {
      const times = new Map<Kind, number[]>(kinds.map((k) => [k, []]))
      const statuses = new Map<Kind, Set<number>>(kinds.map((k) => [k, new Set()]))
      for (let round = -3; round < REPEATS; round += 1)
        for (const kind of kinds) {
          const sent = await send('POST', path, bodies[kind], as)
          if (round < 0) continue
          times.get(kind)!.push(sent.serverMs)
          statuses.get(kind)!.add(sent.status)
        }
      console.log(`\n${title}`)
      console.log(`  ${'body'.padEnd(36)} status   p50      p95`)
      for (const kind of kinds) {
        const t = times.get(kind)!
        console.log(
          `  ${label[kind].padEnd(36)} ${[...statuses.get(kind)!].join(',').padEnd(8)} ${percentile(t, 50).toFixed(1).padStart(6)}  ${percentile(t, 95).toFixed(1).padStart(7)}`,
        )
      }
      const deep = times.get('deep')!
      for (const flat of kinds.filter((k) => k !== 'deep')) {
        const f = times.get(flat)!
        console.log(
          `  deep / ${flat.padEnd(6)}: p50 ${(percentile(deep, 50) / percentile(f, 50)).toFixed(2)}, p95 ${(percentile(deep, 95) / percentile(f, 95)).toFixed(2)}`,
        )
      }
    }

    // Four clients send bodies without pause while a fifth reads /api/health, one at a time.
    const healthDuring = async (kind: Kind | 'none', path: string, as?: string) => {
      let flooding = kind !== 'none'
      const flooders =
        kind === 'none'
          ? []
          : Array.from({ length: 4 }, async () => {
              for (let i = 0; i < FLOOD_REQUESTS; i += 1) await send('POST', path, bodies[kind], as)
            })
      const done = Promise.all(flooders).then(() => {
        flooding = false
      })
      const latencies: number[] = []
      do {
        const started = performance.now()
        const res = await send('GET', '/api/health', undefined)
        if (res.status !== 200) throw new Error(`health answered ${res.status}`)
        latencies.push(performance.now() - started)
      } while (flooding || latencies.length < 20)
      await done
      return latencies
    }
    console.log(
      `\nGET /api/health, one at a time, while 4 clients each send ${FLOOD_REQUESTS} bodies without pause; round trip in ms`,
    )
    console.log(`  ${'flood'.padEnd(52)}    n    p50      p95      max`)
    const floods: [string, Kind | 'none', string, string | undefined][] = [
      ['none', 'none', '', undefined],
      ['deep bodies to /api/auth/login', 'deep', '/api/auth/login', undefined],
      ['flat bodies (a string) to /api/auth/login', 'string', '/api/auth/login', undefined],
      ['deep bodies to /api/createPoll, signed in', 'deep', '/api/createPoll', cookie],
      ['flat bodies (a string) to /api/createPoll, signed in', 'string', '/api/createPoll', cookie],
    ]
    for (const [title, kind, path, as] of floods) {
      const l = await healthDuring(kind, path, as)
      console.log(
        `  ${title.padEnd(52)} ${String(l.length).padStart(4)} ${percentile(l, 50).toFixed(1).padStart(6)}  ${percentile(l, 95).toFixed(1).padStart(7)}  ${Math.max(
          ...l,
        )
          .toFixed(1)
          .padStart(7)}`,
      )
    }
  } finally {
    agent.destroy()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await api.ctx.domain.connection.dropDatabase().catch(() => undefined)
    await api.destroy()
    await database.stop()
    await rm(dir, { recursive: true, force: true })
    console.log(machine('end'))
  }
}

await main()
