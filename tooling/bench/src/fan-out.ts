// Benchmark 1 (prints, does not assert): a post to a folder of 200 online members. Time from
// the sender's emit to the last recipient's `message`, next to a bare socket.io server
// broadcasting the same payload to the same number of clients, rounds interleaved; and to the
// last `callback` (the delivery marks stored). Targets (docs/benchmarks.md): palabre / bare at
// p50 at most 1.2, last callback / last message within 1.5. The clients (sender and recipients,
// of both servers) run in a Node process of their own, apart from the servers as browsers are;
// BENCH_FANOUT_CLIENTS=inline runs them in the servers' process, as the first versions did.
import { fork } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { PostData } from '@palabre/contracts'
import { connectAs, emitAck, startNode } from '@palabre/realtime/testing'
import type { TestUser } from '@palabre/realtime/testing'
import { Server } from 'socket.io'
import { io as connectClient } from 'socket.io-client'
import type { Socket as ClientSocket } from 'socket.io-client'
import { benchEnv } from './env.js'
import { makeUsers, openBenchDatabase } from './setup.js'
import { percentile, summary } from './stats.js'

const WARM_UP = 3
const CLIENTS_ROLE = '--fan-out-clients'

/** What the clients need: where the servers are, who sends, who receives, how many rounds. */
interface ClientsSetup {
  url: string
  bareUrl: string
  folder: string
  sender: Pick<TestUser, 'token'>
  recipients: Pick<TestUser, 'token'>[]
  rounds: number
}

/** Each measured round's times, in ms from the emit. */
interface Timings {
  ours: number[]
  ack: number[]
  callback: number[]
  bare: number[]
}

/** Resolves when `expected` events of round `id` have arrived across the clients. */
const arrivals = (
  clients: ClientSocket[],
  event: string,
  idOf: (payload: unknown) => string,
  expected = clients.length,
) => {
  const waiting = new Map<string, { left: number; done: (at: number) => void }>()
  for (const client of clients) {
    client.on(event, (payload: unknown, ack?: (answer: unknown) => void) => {
      if (typeof ack === 'function') ack(1)
      const round = waiting.get(idOf(payload))
      if (round && --round.left === 0) round.done(performance.now())
    })
  }
  return (id: string) =>
    new Promise<number>((resolve) => waiting.set(id, { left: expected, done: resolve }))
}

/** A bare socket.io server: one room, one broadcast of what it is handed. */
const startBare = async () => {
  const http = createServer()
  const io = new Server(http, { serveClient: false })
  io.on('connection', (socket) => {
    void socket.join('all')
    socket.on('broadcast', (payload: unknown) => io.to('all').emit('message', payload))
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  return {
    url,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()))
    },
  }
}

const connectBare = (url: string): Promise<ClientSocket> =>
  new Promise((resolve, reject) => {
    const socket = connectClient(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    })
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })

/** The client side: connects every socket, sends the rounds, answers their times. */
const runRounds = async (setup: ClientsSetup): Promise<Timings> => {
  const senderSocket = await connectAs(setup.url, setup.sender)
  const ours = await Promise.all(setup.recipients.map((user) => connectAs(setup.url, user)))
  const bareSender = await connectBare(setup.bareUrl)
  const bareClients = await Promise.all(setup.recipients.map(() => connectBare(setup.bareUrl)))
  const idOf = (payload: unknown) => (payload as PostData).data.idPostEmet
  const ourArrival = arrivals(ours, 'message', idOf)
  // The sender's callbacks (delivred 2 stored): a round starts once the previous one's are in,
  // so each post is measured alone, not behind its predecessor's delivery writes.
  const callbacks = arrivals(
    [senderSocket],
    'callback',
    (p) => (p as { idPostEmet: string }).idPostEmet,
    ours.length,
  )
  const bareArrival = arrivals(bareClients, 'message', idOf)

  const timings: Timings = { ours: [], ack: [], callback: [], bare: [] }
  let sample: PostData | undefined
  for (let round = 0; round < WARM_UP + setup.rounds; round++) {
    const id = `fan-${round}`
    const text = `Round ${round}: the quarterly figures are in, please comment.`
    const arrived = ourArrival(id)
    const allDelivered = callbacks(id)
    if (!sample) ours[0]?.once('message', (p: PostData) => (sample = p))
    const start = performance.now()
    const ack = await emitAck(
      senderSocket,
      'message',
      { idPostEmet: id, text, groups: [{ idGroup: setup.folder }] },
      120_000,
    )
    const acked = performance.now()
    if (ack !== 1) throw new Error(`round ${round} refused: ${JSON.stringify(ack)}`)
    const last = await arrived
    const lastCallback = await allDelivered
    // The same payload, same clients count, through a bare broadcast.
    const payload = {
      ...(sample as PostData),
      data: { ...(sample as PostData).data, idPostEmet: `bare-${round}` },
    }
    const bareArrived = bareArrival(`bare-${round}`)
    const bareStart = performance.now()
    bareSender.emit('broadcast', payload)
    const bareLast = await bareArrived
    if (round < WARM_UP) continue
    timings.ours.push(last - start)
    timings.ack.push(acked - start)
    timings.callback.push(lastCallback - start)
    timings.bare.push(bareLast - bareStart)
  }
  for (const socket of [senderSocket, bareSender, ...ours, ...bareClients]) socket.close()
  return timings
}

/** runRounds in a Node process of its own (this file, started with CLIENTS_ROLE). */
const roundsInProcess = (setup: ClientsSetup): Promise<Timings> =>
  new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [CLIENTS_ROLE])
    child.once('message', (timings: Timings) => resolve(timings))
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the clients' process ended (${code})`)))
    child.send(setup)
  })

const main = async () => {
  const members = benchEnv.fanOutMembers
  const bench = await openBenchDatabase('fanout')
  const { domain } = bench.t
  const node = await startNode(domain)
  const bare = await startBare()
  console.log(
    `fan-out: 1 sender + ${members} online recipients, ${benchEnv.fanOutRounds} rounds, clients ${
      benchEnv.fanOutClients === 'inline' ? "in the servers' process" : 'in a process of their own'
    }`,
  )
  const [sender, ...recipients] = await makeUsers(bench.t, members + 1)
  if (!sender) throw new Error('no sender')
  // Every recipient is a contact of the sender, as a post's recipients will have to be.
  for (const recipient of recipients)
    await domain.contacts.save(sender.phone, { name: recipient.name, phone: recipient.phone })
  await domain.groups.create(sender, {
    idGroup: 'bench-folder',
    nomGroup: 'Bench',
    noName: '0',
    participants: recipients,
  })

  const setup: ClientsSetup = {
    url: node.url,
    bareUrl: bare.url,
    folder: 'bench-folder',
    sender: { token: sender.token },
    recipients: recipients.map((user) => ({ token: user.token })),
    rounds: benchEnv.fanOutRounds,
  }
  const t = await (benchEnv.fanOutClients === 'inline' ? runRounds(setup) : roundsInProcess(setup))

  const ratio = (a: number[], b: number[], q: number) =>
    (percentile(a, q) / percentile(b, q)).toFixed(2)
  console.log(`palabre  emit -> last message : ${summary(t.ours)}`)
  console.log(`palabre  emit -> ack (stored) : ${summary(t.ack)}`)
  console.log(`palabre  emit -> last callback: ${summary(t.callback)}`)
  console.log(`bare socket.io broadcast      : ${summary(t.bare)}`)
  console.log(
    `ratio palabre / bare          : p50 ${ratio(t.ours, t.bare, 0.5)}  p99 ${ratio(t.ours, t.bare, 0.99)}  (target p50 <= 1.2)`,
  )
  console.log(
    `ratio last callback / message : p50 ${ratio(t.callback, t.ours, 0.5)}  p99 ${ratio(t.callback, t.ours, 0.99)}  (target p50 <= 1.5)`,
  )

  await bare.close()
  await node.close()
  await bench.stop()
}

if (process.argv.includes(CLIENTS_ROLE)) {
  process.once('message', (setup: ClientsSetup) => {
    void runRounds(setup).then((timings) => {
      process.send?.(timings, () => process.exit(0))
    })
  })
} else {
  await main()
  process.exit(0)
}
