// Benchmark 3 (prints, does not assert): 500 online users, 50 posts per second for 30 s, each
// from a random user to another. Counts acknowledged, delivered (the recipient's `message`)
// and failed posts, with latencies, then waits for the stragglers.
import type { PostData } from '@palabre/contracts'
import type { Socket as ClientSocket } from 'socket.io-client'
import { connectAs, sleep, startNode } from '../testing/harness.js'
import { benchEnv } from './env.js'
import { makeUsers, openBenchDatabase } from './setup.js'
import { summary } from './stats.js'

const ACK_TIMEOUT_MS = 60_000
const DRAIN_MS = 120_000

const main = async () => {
  const { loadUsers, loadRate, loadSeconds } = benchEnv
  const bench = await openBenchDatabase('load')
  const node = await startNode(bench.t.domain)
  console.log(`load: ${loadUsers} online users, ${loadRate} posts/s for ${loadSeconds} s`)
  const users = await makeUsers(bench.t, loadUsers)
  const sockets: ClientSocket[] = []
  for (const user of users) sockets.push(await connectAs(node.url, user))

  const sentAt = new Map<string, number>()
  const ackMs: number[] = []
  const deliveryMs: number[] = []
  const callbacks = new Set<string>()
  let errors = 0
  for (const socket of sockets) {
    socket.on('message', (post: PostData, ack?: (answer: unknown) => void) => {
      if (typeof ack === 'function') ack(1)
      const at = sentAt.get(post.data.idPostEmet)
      if (at !== undefined) deliveryMs.push(performance.now() - at)
    })
    socket.on('callback', (event: { idPostEmet: string }) => callbacks.add(event.idPostEmet))
  }

  const total = loadRate * loadSeconds
  const start = performance.now()
  const pending: Promise<void>[] = []
  for (let i = 0; i < total; i++) {
    // Keep the schedule: post i leaves at i / rate seconds, whatever the answers do.
    const due = start + (i * 1000) / loadRate
    const wait = due - performance.now()
    if (wait > 0) await sleep(wait)
    const from = Math.floor(Math.random() * loadUsers)
    const to = (from + 1 + Math.floor(Math.random() * (loadUsers - 1))) % loadUsers
    const socket = sockets[from] as ClientSocket
    const id = `load-${i}`
    const emittedAt = performance.now()
    sentAt.set(id, emittedAt)
    pending.push(
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck('message', {
          idPostEmet: id,
          text: `load post ${i}`,
          destinataires: [{ phone: users[to]?.phone }],
        })
        .then((answer: unknown) => {
          if (answer === 1) ackMs.push(performance.now() - emittedAt)
          else errors++
        })
        .catch(() => {
          errors++
        }),
    )
  }
  const sendingMs = performance.now() - start
  const drainUntil = performance.now() + DRAIN_MS
  await Promise.all(pending)
  while (deliveryMs.length + errors < total && performance.now() < drainUntil) await sleep(100)
  await sleep(1_000)

  console.log(`posts emitted     : ${total} in ${(sendingMs / 1000).toFixed(1)} s`)
  console.log(`acknowledged (1)  : ${ackMs.length}`)
  console.log(`delivered         : ${deliveryMs.length}`)
  console.log(`sender callbacks  : ${callbacks.size}`)
  console.log(`errors / timeouts : ${errors}`)
  console.log(`emit -> ack       : ${summary(ackMs)}`)
  console.log(`emit -> delivered : ${summary(deliveryMs)}`)

  for (const socket of sockets) socket.close()
  await node.close()
  await bench.stop()
}

await main()
process.exit(0)
