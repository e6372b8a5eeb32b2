// Benchmark 5 (prints, does not assert): an announcement to the whole organisation while others
// keep posting (docs/benchmarks.md, "5. Announcement fan-out, 5,000 members, 1,000 online"). 5,000
// members, 1,000 of them online; online members post to a contact at a steady rate; after a
// baseline the administrator announces to everyone. Prints the announcement's store time and how
// fast it reached the online members, and the others' acknowledgement latencies before and during
// the fan-out (their ratio is the figure that says whether it stalled anybody). Target: ack p99
// under 1 s during the fan-out.
import { setTimeout as sleep } from 'node:timers/promises'
import type { PostData } from '@palabre/contracts'
import { connectAs, makeUser, startNode } from '@palabre/realtime/testing'
import type { Socket as ClientSocket } from 'socket.io-client'
import { benchEnv } from './env.js'
import { makeUsers, openBenchDatabase } from './setup.js'
import { percentile, summary } from './stats.js'

const MEMBERS = benchEnv.announceMembers
const ONLINE = Math.min(MEMBERS, benchEnv.announceOnline)
/** The others' posts per second, all along. */
const RATE = benchEnv.announceRate
const BASELINE_S = benchEnv.announceBaselineSeconds
const ACK_TIMEOUT_MS = 60_000

const main = async () => {
  const bench = await openBenchDatabase('announce')
  const { domain, connection } = bench.t
  const node = await startNode(domain)
  console.log(`announcement: ${MEMBERS} members, ${ONLINE} online, others posting ${RATE} posts/s`)
  const online = await makeUsers(bench.t, ONLINE, 'Online')
  // The offline members: accounts only, written at once (no session, no socket).
  const now = new Date()
  await connection.collection('users').insertMany(
    Array.from({ length: MEMBERS - ONLINE }, (_, i) => ({
      phone: `336${String(10_000_000 + i).slice(-8)}`,
      indicatif: '33',
      nomPrenom: `Offline ${i}`,
      mail: `offline${i}@example.test`,
      passwordHash: 'not a hash: nobody signs in',
      createdAt: now,
      passwordChangedAt: now,
      role: 'member',
    })),
  )
  const admin = await makeUser(domain, '33799999999', 'Administrator')
  // Each online member posts to the next one, a contact.
  for (let u = 0; u < ONLINE; u++) {
    const next = online[(u + 1) % ONLINE]
    if (next)
      await domain.contacts.save(online[u]?.phone ?? '', { name: next.name, phone: next.phone })
  }
  const sockets: ClientSocket[] = []
  for (const user of online) sockets.push(await connectAs(node.url, user))
  const arrivals: number[] = []
  let announcedAt = 0
  for (const socket of sockets) {
    socket.on('message', (_post: PostData, ack?: (answer: unknown) => void) => {
      if (typeof ack === 'function') ack(1)
    })
    socket.on('announcement', () => arrivals.push(performance.now() - announcedAt))
  }

  // The others' posts, on schedule, each ack timed and stamped with when it was emitted.
  const acks: { at: number; ms: number }[] = []
  let refused = 0
  let timeouts = 0
  let stop = false
  const pending: Promise<void>[] = []
  const start = performance.now()
  const posting = (async () => {
    for (let i = 0; !stop; i++) {
      const wait = start + (i * 1000) / RATE - performance.now()
      if (wait > 0) await sleep(wait)
      const from = Math.floor(Math.random() * ONLINE)
      const to = online[(from + 1) % ONLINE]
      const emittedAt = performance.now()
      pending.push(
        (sockets[from] as ClientSocket)
          .timeout(ACK_TIMEOUT_MS)
          .emitWithAck('message', {
            idPostEmet: `others-${i}`,
            text: `post ${i}`,
            destinataires: [{ phone: to?.phone }],
          })
          .then((answer: unknown) => {
            if (answer === 1) acks.push({ at: emittedAt, ms: performance.now() - emittedAt })
            else refused++
          })
          .catch(() => {
            timeouts++
          }),
      )
    }
  })()

  await sleep(BASELINE_S * 1000)
  announcedAt = performance.now()
  const announced = await domain.announcements.announce(admin, {
    text: 'The whole organisation: please read and confirm.',
  })
  const storedMs = performance.now() - announcedAt
  node.realtime.tell(announced.recipients, 'announcement', announced.view)
  const deadline = performance.now() + 60_000
  while (arrivals.length < ONLINE && performance.now() < deadline) await sleep(20)
  const fanOutEnd = performance.now()
  // As long again after it, so the window holds what followed.
  await sleep(Math.max(2_000, fanOutEnd - announcedAt))
  stop = true
  await posting
  await Promise.all(pending)

  const before = acks.filter((a) => a.at < announcedAt).map((a) => a.ms)
  const during = acks.filter((a) => a.at >= announcedAt && a.at <= fanOutEnd).map((a) => a.ms)
  const after = acks.filter((a) => a.at > fanOutEnd).map((a) => a.ms)
  const p99During = percentile(during, 0.99)
  const ratio = (q: number) => (percentile(during, q) / percentile(before, q)).toFixed(2)
  console.log(`recipients         : ${announced.recipients.length}`)
  console.log(
    `stored (post + ${announced.recipients.length + 1} entries): ${storedMs.toFixed(0)} ms`,
  )
  console.log(
    `reached online     : ${arrivals.length}/${ONLINE}; after the announce call: ${summary(arrivals)}, last ${Math.max(...arrivals).toFixed(1)} ms`,
  )
  console.log(`others' acks before: ${summary(before)}`)
  console.log(`others' acks during: ${summary(during)}`)
  console.log(`others' acks after : ${summary(after)}`)
  console.log(`during / before    : p50 ${ratio(0.5)}x  p95 ${ratio(0.95)}x  p99 ${ratio(0.99)}x`)
  console.log(`refused ${refused}, timeouts ${timeouts}`)
  console.log(
    `target             : others' ack p99 during the fan-out ${p99During.toFixed(1)} ms (target < 1000 ms)`,
  )

  for (const socket of sockets) socket.close()
  await node.close()
  await bench.stop()
}

await main()
process.exit(0)
