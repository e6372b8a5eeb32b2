// Benchmark 1 (prints, does not assert): a post to a folder of 200 online members. Time from
// the sender's emit to the last recipient's `message`, next to a bare socket.io server
// broadcasting the same payload to the same number of clients, rounds interleaved; and to the
// last `callback` (the delivery marks stored). Targets (docs/benchmarks.md): palabre / bare at
// p50 at most 1.5, last callback / last message within 2.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PostData } from '@palabre/contracts'
import { Server } from 'socket.io'
import { io as connectClient } from 'socket.io-client'
import type { Socket as ClientSocket } from 'socket.io-client'
import { connectAs, emitAck, startNode } from '../testing/harness.js'
import { benchEnv } from './env.js'
import { makeUsers, openBenchDatabase } from './setup.js'
import { percentile, summary } from './stats.js'

const WARM_UP = 3

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

const main = async () => {
  const members = benchEnv.fanOutMembers
  const bench = await openBenchDatabase('fanout')
  const { domain } = bench.t
  const node = await startNode(domain)
  const bare = await startBare()
  console.log(`fan-out: 1 sender + ${members} online recipients, ${benchEnv.fanOutRounds} rounds`)
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

  const senderSocket = await connectAs(node.url, sender)
  const ours = await Promise.all(recipients.map((user) => connectAs(node.url, user)))
  const bareSender = await connectBare(bare.url)
  const bareClients = await Promise.all(recipients.map(() => connectBare(bare.url)))
  const idOf = (payload: unknown) => (payload as PostData).data.idPostEmet
  const ourArrival = arrivals(ours, 'message', idOf)
  // The sender's callbacks (delivred 2 stored): a round starts once the previous one's are in,
  // so each post is measured alone, not behind its predecessor's delivery writes.
  const callbacks = arrivals(
    [senderSocket],
    'callback',
    (p) => (p as { idPostEmet: string }).idPostEmet,
    members,
  )
  const bareArrival = arrivals(bareClients, 'message', idOf)

  const ourTimes: number[] = []
  const ackTimes: number[] = []
  const callbackTimes: number[] = []
  const bareTimes: number[] = []
  let sample: PostData | undefined
  for (let round = 0; round < WARM_UP + benchEnv.fanOutRounds; round++) {
    const id = `fan-${round}`
    const text = `Round ${round}: the quarterly figures are in, please comment.`
    const arrived = ourArrival(id)
    const allDelivered = callbacks(id)
    if (!sample) ours[0]?.once('message', (p: PostData) => (sample = p))
    const start = performance.now()
    const ack = await emitAck(
      senderSocket,
      'message',
      { idPostEmet: id, text, groups: [{ idGroup: 'bench-folder' }] },
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
    ourTimes.push(last - start)
    ackTimes.push(acked - start)
    callbackTimes.push(lastCallback - start)
    bareTimes.push(bareLast - bareStart)
  }

  const ratio = (a: number[], b: number[], q: number) =>
    (percentile(a, q) / percentile(b, q)).toFixed(2)
  console.log(`palabre  emit -> last message : ${summary(ourTimes)}`)
  console.log(`palabre  emit -> ack (stored) : ${summary(ackTimes)}`)
  console.log(`palabre  emit -> last callback: ${summary(callbackTimes)}`)
  console.log(`bare socket.io broadcast      : ${summary(bareTimes)}`)
  console.log(
    `ratio palabre / bare          : p50 ${ratio(ourTimes, bareTimes, 0.5)}  p99 ${ratio(ourTimes, bareTimes, 0.99)}  (target p50 <= 1.5)`,
  )
  console.log(
    `ratio last callback / message : p50 ${ratio(callbackTimes, ourTimes, 0.5)}  p99 ${ratio(callbackTimes, ourTimes, 0.99)}  (target p50 <= 2)`,
  )

  for (const socket of [senderSocket, bareSender, ...ours, ...bareClients]) socket.close()
  await bare.close()
  await node.close()
  await bench.stop()
}

await main()
process.exit(0)
