// The cluster's soak (prints, does not assert; docs/benchmarks.md, "8. Soak on the cluster"):
// `pnpm cluster` as its tests start it, 1,000 people online through nginx (sockets spread over
// both realtime nodes), each posting to one of its ten contacts at a steady rate for five
// minutes, after three of the same load to warm up. Prints timeouts, refusals and errors, the
// acknowledgement's p50/p95/p99 per minute, and the memory (PSS) of every process it started once
// warmed up, each minute and at the end.
import { readdir, readFile } from 'node:fs/promises'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { socketPath } from '@palabre/contracts'
import { connectDatabase, createDomain } from '@palabre/domain'
import { io } from 'socket.io-client'
import type { Socket } from 'socket.io-client'
import { startCluster } from './cluster.js'
import type { Cluster } from './cluster.js'
import { loadSoakEnv } from './env.js'

const ACK_TIMEOUT_MS = 30_000
const CONTACTS = 10

/** Memory in MB: the proportional set size, and of it the private pages and the shared memory. */
interface Memory {
  /** Proportional set size: pages shared with other processes counted once across them. */
  pss: number
  /** Anonymous pages (heaps, stacks): what a leak would grow. */
  anon: number
  /** Shared memory (PostgreSQL's shared buffers), bounded by the database's settings. */
  shmem: number
  /** How many processes of the command (PostgreSQL has one per connection). */
  processes: number
}

/** A process's command name, parent and memory, or undefined once it is gone. */
const processOf = async (
  pid: number,
): Promise<{ comm: string; ppid: number; memory: Memory } | undefined> => {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const field = (name: string) => new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(status)?.[1] ?? ''
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '')
    const mb = (name: string, fallback = '0') =>
      Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(rollup)?.[1] ?? fallback) / 1024
    const rss = /^(\d+)/.exec(field('VmRSS'))?.[1] ?? '0'
    return {
      comm: field('Name'),
      ppid: Number(field('PPid')),
      memory: { pss: mb('Pss', rss), anon: mb('Pss_Anon'), shmem: mb('Pss_Shmem'), processes: 1 },
    }
  } catch {
    return undefined
  }
}

/**
 * The memory of every process the soak started (the nodes, nginx and its worker, the database,
 * Redis, the S3 server), by the node's name or the command's; processes of one command summed
 * (PostgreSQL's backends, which come and go with FerretDB's connections).
 */
const memoryOf = async (cluster: Cluster): Promise<Map<string, Memory>> => {
  const names = new Map<number, string>()
  for (const node of Object.values(cluster.nodes))
    if (node.pid !== undefined) names.set(node.pid, node.name)
  const all = new Map<number, { comm: string; ppid: number; memory: Memory }>()
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry)
    if (!Number.isInteger(pid)) continue
    const found = await processOf(pid)
    if (found) all.set(pid, found)
  }
  const mine = (pid: number): boolean => {
    for (let at = all.get(pid); at !== undefined; at = all.get(at.ppid))
      if (at.ppid === process.pid) return true
    return false
  }
  const memory = new Map<string, Memory>()
  for (const [pid, { comm, memory: own }] of all) {
    if (!mine(pid)) continue
    const name = names.get(pid) ?? comm
    const sum = memory.get(name) ?? { pss: 0, anon: 0, shmem: 0, processes: 0 }
    memory.set(name, {
      pss: sum.pss + own.pss,
      anon: sum.anon + own.anon,
      shmem: sum.shmem + own.shmem,
      processes: sum.processes + 1,
    })
  }
  return memory
}

/** Growth from `before` to `after`, in per cent. */
const growth = (before: number, after: number) =>
  `${(((after - before) / before) * 100).toFixed(1)} %`

const percentile = (values: readonly number[], q: number): number => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

/** The lowest of several snapshots, process by process (by PSS). */
const floorOf = (memories: Map<string, Memory>[]): Map<string, Memory> => {
  const floor = new Map<string, Memory>()
  for (const memory of memories)
    for (const [name, value] of memory) {
      const low = floor.get(name)
      if (!low || value.pss < low.pss) floor.set(name, value)
    }
  return floor
}

/**
 * Each process's memory floor of each window: its lowest of the window's 10-s snapshots. A
 * node's heap swings with its garbage collections, and a single snapshot can fall on a peak or
 * a trough; the floor between collections is what a leak raises. Windows: the warm-up's last
 * minute ('warm'; without a warm-up, the first 30 s), then each minute of the run.
 */
const floors = (
  snapshots: { at: number; memory: Map<string, Memory> }[],
  warmup: number,
  seconds: number,
): { label: string; memory: Map<string, Memory> }[] => {
  const within = (from: number, to: number) =>
    floorOf(snapshots.filter((s) => s.at >= from && s.at <= to).map((s) => s.memory))
  const warm =
    warmup > 0
      ? { label: 'warm', memory: within(Math.max(0, warmup - 60), warmup) }
      : { label: 'warm', memory: within(10, 30) }
  const minutes = Array.from({ length: Math.ceil(seconds / 60) }, (_, k) => ({
    label: `min ${k + 1}`,
    memory: within(warmup + 60 * k + 1, Math.min(warmup + seconds, warmup + 60 * (k + 1))),
  }))
  return [warm, ...minutes]
}

/**
 * Each process's memory floor at every window, its growth from the warm one to the last (target
 * < 20 %) and over the run's second half (from the window at its middle: a leak keeps growing
 * there, a cache filling up or a heap settling on its size does not); then, for any process with
 * shared memory (PostgreSQL's buffers), its anonymous and shared parts apart, and how many
 * processes it had: the buffers fill up to their configured size, the anonymous pages grow with
 * the processes (a backend per connection), a leak would grow them per process.
 */
const printMemory = (samples: { label: string; memory: Map<string, Memory> }[]) => {
  const first = samples[0]
  const last = samples.at(-1)
  if (!first || !last) return
  const names = [...last.memory.keys()].sort()
  const middle = Math.floor((samples.length - 1) / 2)
  const column = (text: string) => text.padStart(8)
  console.log(
    `memory floor (lowest of 10-s snapshots), PSS MB\n                 ${samples.map((sample) => column(sample.label)).join('')}   growth ${first.label} -> ${last.label} (target < 20 %), ${samples[middle]?.label} -> ${last.label}`,
  )
  const row = (label: string, part: (m: Memory) => number, name: string, digits = 1) => {
    const values = samples.map((sample) => {
      const memory = sample.memory.get(name)
      return memory ? part(memory) : Number.NaN
    })
    console.log(
      `  ${label.padEnd(15)}${values.map((v) => column(v.toFixed(digits))).join('')}   ${growth(values[0]!, values.at(-1)!)}, ${growth(values[middle]!, values.at(-1)!)}`,
    )
  }
  for (const name of names) row(name, (m) => m.pss, name)
  for (const name of names.filter((n) => (last.memory.get(n)?.shmem ?? 0) > 1)) {
    row(`${name} anon`, (m) => m.anon, name)
    row(`${name} shared`, (m) => m.shmem, name)
    row(`${name} processes`, (m) => m.processes, name, 0)
    row(`${name} anon/proc`, (m) => m.anon / m.processes, name)
  }
}

const main = async () => {
  const { users: count, rate, seconds, warmup } = loadSoakEnv()
  console.log(
    `soak: ${count} people online, ${rate} posts/s for ${seconds} s after ${warmup} s of warm-up, on pnpm cluster`,
  )
  const cluster = await startCluster({
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  })
  try {
    console.log(`cluster ready at ${cluster.url} (${cluster.database.engine})`)
    // People, sessions and contacts written through the domain, as the api would write them.
    const connection = await connectDatabase({
      uri: cluster.database.uri,
      ...(cluster.database.dbName ? { dbName: cluster.database.dbName } : {}),
    })
    const domain = createDomain(connection, { passwordHashCost: 4 })
    const people: { phone: string; name: string; token: string }[] = []
    for (let i = 0; i < count; i++) {
      const phone = `336${String(40_000_000 + i)}`
      const name = `Soak ${i}`
      await domain.users.register({
        phone,
        nomPrenom: name,
        indicatif: '33',
        mail: `soak${i}@example.test`,
        password: 'soak-secret-pass',
      })
      people.push({ phone, name, token: (await domain.sessions.open(phone)).token })
    }
    const contactsOf = (u: number) =>
      Array.from({ length: Math.min(CONTACTS, count - 1) }, (_, k) => (u + 1 + k) % count)
    for (let u = 0; u < count; u++)
      for (const c of contactsOf(u))
        await domain.contacts.save(people[u]!.phone, {
          name: people[c]!.name,
          phone: people[c]!.phone,
        })
    await connection.close()

    const sockets: Socket[] = []
    for (const person of people)
      sockets.push(
        await new Promise<Socket>((resolve, reject) => {
          const socket = io(cluster.url, {
            path: socketPath,
            transports: ['websocket'],
            extraHeaders: { Cookie: `palabre_session=${person.token}` },
            forceNew: true,
          })
          socket.once('connect', () => resolve(socket))
          socket.once('connect_error', reject)
        }),
      )
    for (const socket of sockets)
      socket.on('message', (_post: unknown, ack?: (answer: unknown) => void) => {
        if (typeof ack === 'function') ack(1)
      })

    let sent = 0
    let timeouts = 0
    let refused = 0
    const perMinute: number[][] = []
    const start = performance.now()
    const total = rate * (warmup + seconds)
    const pending: Promise<void>[] = []
    // Memory every 10 s, each process's lowest of a window kept (floors, below).
    const snapshots: { at: number; memory: Map<string, Memory> }[] = []
    // This process's event-loop delay each minute: the 1,000 clients share it, and a late loop
    // reads every acknowledgement late.
    const loop = monitorEventLoopDelay({ resolution: 10 })
    const loopPerMinute: string[] = []
    const loopMinute = () => {
      loopPerMinute.push(
        `clients' loop delay p50 ${(loop.percentile(50) / 1e6).toFixed(1)}  p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms`,
      )
      loop.reset()
    }
    loop.enable()
    for (let i = 0; i < total; i++) {
      const wait = start + (i * 1000) / rate - performance.now()
      if (wait > 0) await sleep(wait)
      if (i % (rate * 10) === 0) snapshots.push({ at: i / rate, memory: await memoryOf(cluster) })
      if (i > 0 && i % (rate * 60) === 0) loopMinute()
      const from = Math.floor(Math.random() * count)
      const to = contactsOf(from)[i % CONTACTS]!
      const minute = Math.floor(i / (rate * 60))
      const emitted = performance.now()
      pending.push(
        sockets[from]!.timeout(ACK_TIMEOUT_MS)
          .emitWithAck('message', {
            idPostEmet: `soak-${sent++}`,
            text: `soak post ${i}`,
            destinataires: [{ phone: people[to]!.phone }],
          })
          .then(
            (answer: unknown) => {
              if (answer === 1) (perMinute[minute] ??= []).push(performance.now() - emitted)
              else refused++
            },
            () => {
              timeouts++
            },
          ),
      )
    }
    await Promise.all(pending)
    loopMinute()
    loop.disable()
    snapshots.push({ at: total / rate, memory: await memoryOf(cluster) })
    const acked = perMinute.flat()
    console.log(
      `posts sent        : ${total} in ${((performance.now() - start) / 1000).toFixed(1)} s (warm-up included)`,
    )
    console.log(`acknowledged (1)  : ${acked.length}`)
    console.log(`refused           : ${refused}`)
    console.log(`timeouts          : ${timeouts} (no answer in ${ACK_TIMEOUT_MS / 1000} s)`)
    console.log(
      `errors            : ${(((refused + timeouts) / total) * 100).toFixed(3)} % (target < 0.025 %)`,
    )
    perMinute.forEach((values, minute) =>
      console.log(
        `${minute * 60 < warmup ? `warm-up minute ${minute + 1}` : `minute ${minute + 1 - Math.ceil(warmup / 60)}`}: ack p50 ${percentile(values, 0.5).toFixed(1)}  p95 ${percentile(values, 0.95).toFixed(1)}  p99 ${percentile(values, 0.99).toFixed(1)} ms (n=${values.length}); ${loopPerMinute[minute] ?? ''}`,
      ),
    )
    printMemory(floors(snapshots, warmup, seconds))
    for (const socket of sockets) socket.close()
  } finally {
    await cluster.stop()
  }
}

await main()
process.exit(0)
