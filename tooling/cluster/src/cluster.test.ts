// The product as operators run it, on this machine (docs/operations.md, "A cluster on one
// machine"): two api nodes and two realtime nodes behind nginx with the compose file's
// configuration, one database, Redis and an S3 server. What one process cannot show: sockets
// spread over the realtime nodes, a file stored by one api node served by the other, a post
// crossing from one realtime node to the other, and the cluster going on when a node is killed.
// The destructive tests come last, and each starts its node again.
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { socketPath } from '@palabre/contracts'
import { signUpOverHttp } from '@palabre/testing'
import { samplePdf } from '@palabre/testing/sample-files'
import { MongoClient } from 'mongodb'
import { io } from 'socket.io-client'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCluster } from './cluster.js'
import type { Cluster, NodeName, ProcessExit } from './index.js'

const metricsToken = randomBytes(16).toString('hex')
let cluster: Cluster
/** Exits the cluster reported as unexpected, in order. */
const unexpectedExits: ProcessExit[] = []
const exitWaiters: ((exit: ProcessExit) => void)[] = []

interface Person {
  key: string
  phone: string
  name: string
  password: string
  token: string
}
const person = (key: string, n: number): Person => ({
  key,
  phone: `3361234${String(n).padStart(4, '0')}`,
  name: `${key[0]?.toUpperCase()}${key.slice(1)} Cluster`,
  password: `${key}-Secr3t-pass`,
  token: '',
})
const ann = person('ann', 1)
const bob = person('bob', 2)
/** Five people who send the 300 posts of the realtime failover to Ann. */
const senders = [1, 2, 3, 4, 5].map((n) => person(`sender${n}`, 10 + n))

/** A call of the product's api, through nginx unless `base` names a node. */
const call = async (
  who: Person | undefined,
  method: string,
  route: string,
  { body, base = cluster.url }: { body?: unknown; base?: string } = {},
): Promise<Response> =>
  fetch(`${base}${route}`, {
    method,
    headers: {
      ...(who ? { cookie: `palabre_session=${who.token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

const ok = async (response: Response, status = 200): Promise<string> => {
  const text = await response.text()
  if (response.status !== status)
    throw new Error(`${response.url} answered ${response.status}, not ${status}: ${text}`)
  return text
}

/** A socket.io client of `who`, as the web app opens it (websocket only), once connected. */
const connect = (who: Person, base: string, reconnection = false): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = io(base, {
      path: socketPath,
      transports: ['websocket'],
      extraHeaders: { Cookie: `palabre_session=${who.token}` },
      forceNew: true,
      reconnection,
      reconnectionDelay: 200,
      reconnectionDelayMax: 2_000,
    })
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (error) => {
      if (!reconnection) socket.close()
      reject(error)
    })
  })

/** What a refused or failed event is acknowledged with. */
interface ErrorAck {
  error?: { code?: string }
}

let postNumber = 0
const post = (from: Person, to: Person, idPostEmet = `cluster-post-${postNumber++}`) => ({
  idPostEmet,
  emetr_phone: from.phone,
  emetr_name: from.name,
  text: `From ${from.name} to ${to.name}`,
  typePoste: '0',
  destinataires: JSON.stringify([{ phone: `+${to.phone}`, name: to.name }]),
  groups: '[]',
})

/** The next `event` `socket` receives, acknowledged as the web app does. */
const next = <T>(socket: Socket, event: string): Promise<T> =>
  new Promise((resolve) => {
    socket.once(event, (payload: T, ack?: (answer: number) => void) => {
      if (typeof ack === 'function') ack(1)
      resolve(payload)
    })
  })

/** A node's `palabre_sockets_connected`, read from its GET /metrics. */
const socketsOn = async (name: NodeName): Promise<number> => {
  const url = cluster.nodes[name].metricsUrl
  if (url === undefined) throw new Error('the cluster was started without METRICS_TOKEN')
  const text = await ok(await fetch(url, { headers: { authorization: `Bearer ${metricsToken}` } }))
  const value = /^palabre_sockets_connected(?:\{\})? (\S+)$/m.exec(text)?.[1]
  if (value === undefined) throw new Error(`no palabre_sockets_connected in ${url}`)
  return Number(value)
}

/** A stand-in for the built web app: an index.html and a hashed asset, each with its .gz twin. */
let webDist = ''
const indexHtml = '<!doctype html><title>Palabre</title>'.padEnd(2_000, ' ')
const asset = `console.log(${JSON.stringify('palabre '.repeat(300))})`
const makeWebDist = async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'palabre-cluster-web-'))
  // nginx's workers may run as another account (root starts them as nobody).
  await chmod(webDist, 0o755)
  await mkdir(path.join(webDist, 'assets'))
  for (const [file, text] of [
    ['index.html', indexHtml],
    ['assets/app-4f9a2c.js', asset],
  ] as const) {
    await writeFile(path.join(webDist, file), text)
    await writeFile(path.join(webDist, `${file}.gz`), gzipSync(text))
  }
}

beforeAll(async () => {
  await makeWebDist()
  cluster = await startCluster({
    metricsToken,
    webDist,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // NODE_ENV=test: cheap password hashes; LOG_LEVEL=warn: logs that say what went wrong.
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // A loaded test machine is no database outage (docs/operations.md, "Database outages").
      DB_TIMEOUT_MS: '30000',
    },
    onUnexpectedExit: (exit) => {
      unexpectedExits.push(exit)
      for (const waiter of exitWaiters.splice(0)) waiter(exit)
    },
  })
  // Every sign-up goes through nginx, its calls spread over both api nodes: the codes one node
  // sent are verified by the other, and the cookies one signed are read by the other.
  for (const someone of [ann, bob, ...senders]) {
    someone.token = await signUpOverHttp(cluster.url, cluster.otpLogFile, {
      phoneNumber: `0${someone.phone.slice(2)}`,
      phone: someone.phone,
      mail: `${someone.key}@example.test`,
      name: someone.name,
      password: someone.password,
    })
  }
  const befriend = async (owner: Person, other: Person) =>
    ok(
      await call(owner, 'POST', '/api/contact', {
        body: { name: other.name, phone: `+${other.phone}` },
      }),
    )
  await befriend(ann, bob)
  await befriend(bob, ann)
  for (const sender of senders) await befriend(sender, ann)
})

afterAll(async () => {
  await cluster?.stop()
  await rm(webDist, { recursive: true, force: true })
})

describe('a cluster of two api and two realtime nodes behind nginx', () => {
  it('serves the web app and the api on one origin, as the compose file does', async () => {
    const health = await call(undefined, 'GET', '/api/health')
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok' })
    expect(Object.values(cluster.nodes).every((node) => node.running)).toBe(true)

    // docs/operations.md, "The web app's files": the build's gzip twins, the SPA's fallback,
    // and the caching of each.
    const gzip = { 'accept-encoding': 'gzip' }
    const route = await fetch(`${cluster.url}/wall/folder/7`, { headers: gzip })
    expect(route.status).toBe(200)
    expect(route.headers.get('content-encoding')).toBe('gzip')
    expect(route.headers.get('cache-control')).toBe('no-cache')
    expect(await route.text()).toBe(indexHtml)
    const script = await fetch(`${cluster.url}/assets/app-4f9a2c.js`, { headers: gzip })
    expect(script.headers.get('content-encoding')).toBe('gzip')
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await script.text()).toBe(asset)
    expect((await fetch(`${cluster.url}/assets/app-0000.js`)).status).toBe(404)
  })

  it('spreads sockets over both realtime nodes', async () => {
    const sockets = await Promise.all(
      Array.from({ length: 8 }, (_, i) => connect(i % 2 === 0 ? ann : bob, cluster.url)),
    )
    try {
      const counts = [await socketsOn('realtime-1'), await socketsOn('realtime-2')]
      expect(counts[0]).toBeGreaterThan(0)
      expect(counts[1]).toBeGreaterThan(0)
      expect((counts[0] ?? 0) + (counts[1] ?? 0)).toBe(8)
    } finally {
      for (const socket of sockets) socket.close()
    }
  })

  it('serves a file stored through api-1 from api-2, whole and by range', async () => {
    const pdf = samplePdf('Stored by one node, served by the other', 3)
    const form = new FormData()
    form.append('fileToUpload', new Blob([pdf], { type: 'application/pdf' }), 'minutes.pdf')
    const uploaded = await fetch(`${cluster.nodes['api-1'].url}/api/upload/file`, {
      method: 'POST',
      headers: { cookie: `palabre_session=${ann.token}` },
      body: form,
    })
    const { fileName } = JSON.parse(await ok(uploaded, 201)) as { fileName: string }
    const route = `/api/files/${encodeURIComponent(fileName)}`
    const other = { base: cluster.nodes['api-2'].url }

    const whole = await call(ann, 'GET', route, other)
    expect(whole.status).toBe(200)
    expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true)

    const part = await fetch(`${other.base}${route}`, {
      headers: { cookie: `palabre_session=${ann.token}`, range: 'bytes=100-199' },
    })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${pdf.length}`)
    expect(Buffer.from(await part.arrayBuffer()).equals(pdf.subarray(100, 200))).toBe(true)
  })

  it('carries posts live between people on different realtime nodes', async () => {
    const annOn1 = await connect(ann, cluster.nodes['realtime-1'].url)
    const bobOn2 = await connect(bob, cluster.nodes['realtime-2'].url)
    try {
      const toBob = post(ann, bob)
      const bobReceives = next<{ data: { idPostEmet: string; text: string } }>(bobOn2, 'message')
      expect(await annOn1.timeout(30_000).emitWithAck('message', toBob)).toBe(1)
      expect((await bobReceives).data).toMatchObject({
        idPostEmet: toBob.idPostEmet,
        text: toBob.text,
      })

      const toAnn = post(bob, ann)
      const annReceives = next<{ data: { idPostEmet: string } }>(annOn1, 'message')
      expect(await bobOn2.timeout(30_000).emitWithAck('message', toAnn)).toBe(1)
      expect((await annReceives).data.idPostEmet).toBe(toAnn.idPostEmet)
    } finally {
      annOn1.close()
      bobOn2.close()
    }
  })

  it('stores 300 posts exactly once and acknowledges each when a realtime node is killed -9 while they are sent', async () => {
    const perSender = 60
    const killAfterAcks = 100
    let acks = 0
    let disconnects = 0
    let resent = 0
    let killed: Promise<void> | undefined
    const clients = await Promise.all(senders.map((sender) => connect(sender, cluster.url, true)))
    // Cut by the server's side, not closed by the test at the end.
    for (const socket of clients)
      socket.on('disconnect', (reason) => {
        if (reason !== 'io client disconnect') disconnects += 1
      })

    /**
     * Sends one post until it is acknowledged 1, as a client that keeps its unacknowledged
     * posts does: a post whose socket dropped before its answer is sent again, with the same
     * id, once the socket has reconnected (through nginx, to whichever node answers).
     */
    const sendUntilAcked = async (socket: Socket, payload: ReturnType<typeof post>) => {
      for (;;) {
        if (!socket.connected) await new Promise<void>((resolve) => socket.once('connect', resolve))
        let onDisconnect = () => {}
        const lost = new Promise<'lost'>((resolve) => {
          onDisconnect = () => resolve('lost')
          socket.once('disconnect', onDisconnect)
        })
        const answer = await Promise.race([
          socket
            .timeout(60_000)
            .emitWithAck('message', payload)
            .catch(() => 'no answer' as const),
          lost,
        ])
        socket.off('disconnect', onDisconnect)
        if (answer === 1) return
        // Lost with its socket, or no answer: again, same id. A database that did not answer
        // in time or a flood limit: again after a pause. Anything else is a failure.
        const code = typeof answer === 'object' ? (answer as ErrorAck).error?.code : undefined
        if (code === 'unavailable' || code === 'too_many_requests')
          await new Promise((resolve) => setTimeout(resolve, 500))
        else if (answer === 'lost' || answer === 'no answer') resent += 1
        else throw new Error(`post ${payload.idPostEmet} refused: ${JSON.stringify(answer)}`)
      }
    }

    const ids: string[] = []
    try {
      await Promise.all(
        senders.map(async (sender, index) => {
          const socket = clients[index]
          if (!socket) throw new Error('no socket')
          for (let n = 0; n < perSender; n++) {
            const payload = post(sender, ann, `failover-${sender.key}-${n}`)
            ids.push(payload.idPostEmet)
            await sendUntilAcked(socket, payload)
            acks += 1
            // Mid-way, the node goes as a crash takes it: no goodbye to its sockets.
            if (acks === killAfterAcks) killed = cluster.kill('realtime-1', 'SIGKILL')
          }
        }),
      )
      await killed
    } finally {
      for (const socket of clients) socket.close()
    }

    expect(acks).toBe(senders.length * perSender)
    expect(killed).toBeDefined()
    // The kill cut sockets that were sending, and posts went again with their ids.
    expect(disconnects).toBeGreaterThan(0)
    expect(resent).toBeGreaterThan(0)
    expect(cluster.nodes['realtime-1'].running).toBe(false)

    const client = await MongoClient.connect(cluster.database.uri)
    try {
      const db = client.db(cluster.database.dbName)
      const stored = await db
        .collection('posts')
        .find({ emetr_phone: { $in: senders.map((s) => s.phone) } })
        .project<{ _id: string }>({ _id: 1 })
        .toArray()
      expect(stored.map((p) => p._id).sort()).toEqual([...ids].sort())
      const entries = await db
        .collection('inbox_entries')
        .find({ idPostEmet: { $in: ids } })
        .project<{ idPostEmet: string; phone: string }>({ idPostEmet: 1, phone: 1 })
        .toArray()
      // One entry per participant of each post: its sender's and Ann's.
      expect(entries).toHaveLength(ids.length * 2)
      const annEntries = entries.filter((e) => e.phone === ann.phone).map((e) => e.idPostEmet)
      expect(annEntries.sort()).toEqual([...ids].sort())
    } finally {
      await client.close()
    }
    // The kill was asked for: nothing is reported.
    expect(unexpectedExits).toEqual([])

    await cluster.restart('realtime-1')
    expect(cluster.nodes['realtime-1'].running).toBe(true)
  })

  it('keeps answering through nginx when an api node is killed -9, and reports the death', async () => {
    const reported = new Promise<ProcessExit>((resolve) => exitWaiters.push(resolve))
    const victim = cluster.nodes['api-1']
    const pid = victim.pid
    if (pid === undefined) throw new Error('api-1 is not running')
    // From outside, as an operator's `kill -9 <pid>` (or a crash): the cluster did not ask for it.
    process.kill(pid, 'SIGKILL')
    const exit = await reported
    expect(exit).toMatchObject({ name: 'api-1', pid, signal: 'SIGKILL' })
    expect(victim.running).toBe(false)

    const statuses: number[] = []
    for (let i = 0; i < 50; i++) {
      const response = await call(ann, 'GET', '/api/auth/me')
      await response.arrayBuffer()
      statuses.push(response.status)
    }
    expect(statuses).toEqual(Array.from({ length: 50 }, () => 200))
    const signIn = await call(undefined, 'POST', '/api/auth/login', {
      body: { phone: bob.phone, password: bob.password },
    })
    expect(signIn.status).toBe(200)
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith('palabre_session='))).toBe(true)

    await cluster.restart('api-1')
    expect((await call(ann, 'GET', '/api/auth/me', { base: victim.url })).status).toBe(200)
    expect(unexpectedExits.map((e) => e.name)).toEqual(['api-1'])
  })
})
