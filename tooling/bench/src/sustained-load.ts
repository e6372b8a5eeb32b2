// Benchmark 3 (prints, does not assert): 500 online users, 50 posts per second for 60 s, each
// from a random user to one of its contacts. Counts acknowledged, delivered (the recipient's
// `message`), called back (the sender's `callback`: the delivery mark stored) and failed posts,
// with latencies, then waits for the stragglers; prints the memory of each process before and
// after. Targets (docs/benchmarks.md): no timeout, ack p99 under 500 ms.
import { setTimeout as sleep } from 'node:timers/promises'
import type { PostData, ServerToClientEvents } from '@palabre/contracts'
import { connectAs, startNode } from '@palabre/realtime/testing'
import type { Socket as ClientSocket } from 'socket.io-client'
import { benchEnv } from './env.js'
import { measureMemory, printMemory } from './processes.js'
import { makeUsers, openBenchDatabase } from './setup.js'
import { percentile, summary } from './stats.js'

const ACK_TIMEOUT_MS = 60_000
const DRAIN_MS = 120_000
/** Contacts of each user, the only people it posts to. */
const CONTACTS = 10

const main = async () => {
  const { loadUsers, loadRate, loadSeconds } = benchEnv
  const bench = await openBenchDatabase('load')
  const node = await startNode(bench.t.domain)
  console.log(`load: ${loadUsers} online users, ${loadRate} posts/s for ${loadSeconds} s`)
  const users = await makeUsers(bench.t, loadUsers)
  // User u's contacts are the next ten users: a post's recipients must be contacts of its
  // sender (or members of its folders), saved through the domain as the api saves them.
  const contactsOf = (u: number) =>
    Array.from({ length: Math.min(CONTACTS, loadUsers - 1) }, (_, k) => (u + 1 + k) % loadUsers)
  for (let u = 0; u < loadUsers; u++)
    for (const c of contactsOf(u)) {
      const contact = users[c]
      if (contact)
        await bench.t.domain.contacts.save(users[u]?.phone ?? '', {
          name: contact.name,
          phone: contact.phone,
        })
    }
  const sockets: ClientSocket[] = []
  for (const user of users) sockets.push(await connectAs(node.url, user))
  const memoryAtStart = await measureMemory(bench.database.uri)

  const sentAt = new Map<string, number>()
  const ackMs: number[] = []
  const deliveryMs: number[] = []
  /** The senders' delivery marks, by post, from the emit: one per post (it has one recipient). */
  const callbackMs = new Map<string, number>()
  let refused = 0
  let timeouts = 0
  for (const socket of sockets) {
    socket.on('message', (post: PostData, ack?: (answer: unknown) => void) => {
      if (typeof ack === 'function') ack(1)
      const at = sentAt.get(post.data.idPostEmet)
      if (at !== undefined) deliveryMs.push(performance.now() - at)
    })
    socket.on('callback', (event: Parameters<ServerToClientEvents['callback']>[0]) => {
      const at = sentAt.get(event.idPostEmet)
      if (at !== undefined && !callbackMs.has(event.idPostEmet))
        callbackMs.set(event.idPostEmet, performance.now() - at)
    })
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
    const contacts = contactsOf(from)
    const to = contacts[Math.floor(Math.random() * contacts.length)] ?? 0
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
          else refused++
        })
        .catch(() => {
          timeouts++
        }),
    )
  }
  const sendingMs = performance.now() - start
  // Marks that came while posts were still being sent: under load they must not wait for the end.
  const callbacksWhileSending = callbackMs.size
  const drainUntil = performance.now() + DRAIN_MS
  await Promise.all(pending)
  // The stragglers: every post delivered and called back, or the drain's end. The callbacks
  // follow the marks' write, after the delivery: counting them at the last delivery missed them.
  while (
    (deliveryMs.length < ackMs.length || callbackMs.size < ackMs.length) &&
    performance.now() < drainUntil
  )
    await sleep(100)

  console.log(`posts emitted     : ${total} in ${(sendingMs / 1000).toFixed(1)} s`)
  console.log(`acknowledged (1)  : ${ackMs.length}`)
  console.log(`delivered         : ${deliveryMs.length}`)
  console.log(
    `sender callbacks  : ${callbackMs.size} (${callbacksWhileSending} while posts were being sent)`,
  )
  console.log(`refused           : ${refused}`)
  console.log(`timeouts          : ${timeouts} (no ack within ${ACK_TIMEOUT_MS / 1000} s)`)
  console.log(`emit -> ack       : ${summary(ackMs)}`)
  console.log(`emit -> delivered : ${summary(deliveryMs)}`)
  console.log(`emit -> callback  : ${summary([...callbackMs.values()])}`)
  const ackP99 = percentile(ackMs, 0.99)
  console.log(
    `targets           : timeouts ${timeouts} (target 0), ack p99 ${ackP99.toFixed(1)} ms (target < 500 ms)`,
  )
  printMemory('start', memoryAtStart)
  printMemory('end', await measureMemory(bench.database.uri))

  for (const socket of sockets) socket.close()
  await node.close()
  await bench.stop()
}

await main()
process.exit(0)
