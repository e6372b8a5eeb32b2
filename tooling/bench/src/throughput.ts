// Benchmark 7 (prints, does not assert; docs/benchmarks.md, "7. Throughput, 1,000 sockets"): 1,000
// online users, each posting to one of its ten contacts. First the database round trips of one
// post, counted by the driver's command monitoring from the post's emit to its sender's delivery
// callback, posts sent one at a time; then posts at rising rates, each rate for a while, printing
// the acknowledgement's p50/p95/p99 at each: the curve. The lowest rate is the baseline the others
// are given as ratios of. Target: ack p99 under 100 ms at 250 posts/s.
import { setTimeout as sleep } from 'node:timers/promises'
import { connectDatabase, createDomain, syncIndexes } from '@palabre/domain'
import { connectAs, makeUser, startNode } from '@palabre/realtime/testing'
import type { TestUser } from '@palabre/realtime/testing'
import type { Socket as ClientSocket } from 'socket.io-client'
import { benchEnv } from './env.js'
import { openBenchDatabase } from './setup.js'
import { percentile } from './stats.js'

const ACK_TIMEOUT_MS = 30_000
const CONTACTS = 10

const main = async () => {
  const { throughputUsers: count, throughputSeconds: seconds, throughputRates: rates } = benchEnv
  const bench = await openBenchDatabase('throughput')
  // The server's own connection, its commands counted by name.
  const commands = new Map<string, number>()
  const connection = await connectDatabase({
    uri: bench.database.uri,
    dbName: bench.t.connection.name,
    onCommand: ({ command }) => commands.set(command, (commands.get(command) ?? 0) + 1),
  })
  // As apps/realtime's main makes it.
  const domain = createDomain(connection, { passwordHashCost: 4, rememberDeactivatedMs: 10_000 })
  await syncIndexes(domain)
  const node = await startNode(domain)
  console.log(
    `throughput: ${count} online users, rates ${rates.join(', ')} posts/s, ${seconds} s each`,
  )

  const users: TestUser[] = []
  for (let i = 0; i < count; i++)
    users.push(
      await makeUser(bench.t.domain, `337${String(10_000_000 + i).slice(-8)}`, `User ${i}`),
    )
  const contactsOf = (u: number) =>
    Array.from({ length: Math.min(CONTACTS, count - 1) }, (_, k) => (u + 1 + k) % count)
  for (let u = 0; u < count; u++)
    for (const c of contactsOf(u))
      await bench.t.domain.contacts.save(users[u]!.phone, {
        name: users[c]!.name,
        phone: users[c]!.phone,
      })
  const sockets: ClientSocket[] = []
  for (const user of users) sockets.push(await connectAs(node.url, user))

  const callbacks = new Map<string, () => void>()
  for (const socket of sockets) {
    socket.on('message', (_post: unknown, ack?: (answer: unknown) => void) => {
      if (typeof ack === 'function') ack(1)
    })
    socket.on('callback', (event: { idPostEmet: string }) => callbacks.get(event.idPostEmet)?.())
  }
  let sent = 0
  const send = (from: number, timeoutMs = ACK_TIMEOUT_MS): Promise<unknown> => {
    const to = contactsOf(from)[sent % CONTACTS] ?? 0
    const id = `tp-${sent++}`
    return sockets[from]!.timeout(timeoutMs).emitWithAck('message', {
      idPostEmet: id,
      text: `post ${id}`,
      destinataires: [{ phone: users[to]!.phone }],
    })
  }

  // Round trips: posts one at a time, each counted until its sender's delivery callback.
  const SAMPLE = 100
  for (let i = 0; i < 20; i++) await send(i % count) // warm-up
  await sleep(500)
  commands.clear()
  for (let i = 0; i < SAMPLE; i++) {
    const id = `tp-${sent}`
    const called = new Promise<void>((resolve) => callbacks.set(id, resolve))
    await send(i % count)
    await called
    callbacks.delete(id)
  }
  const total = [...commands.values()].reduce((a, b) => a + b, 0)
  console.log(
    `round trips per post (emit to delivery callback, ${SAMPLE} posts): ${(total / SAMPLE).toFixed(2)}`,
  )
  for (const [name, n] of [...commands].sort((a, b) => b[1] - a[1]))
    console.log(`  ${name.padEnd(16)} ${(n / SAMPLE).toFixed(2)}`)

  // The curve.
  const rows: {
    rate: number
    p50: number
    p95: number
    p99: number
    failed: number
    roundTrips: number
  }[] = []
  for (const rate of rates) {
    const latencies: number[] = []
    let failed = 0
    commands.clear()
    const pending: Promise<void>[] = []
    const start = performance.now()
    const posts = rate * seconds
    for (let i = 0; i < posts; i++) {
      const wait = start + (i * 1000) / rate - performance.now()
      if (wait > 0) await sleep(wait)
      const emitted = performance.now()
      pending.push(
        send(Math.floor(Math.random() * count)).then(
          (answer) => {
            if (answer === 1) latencies.push(performance.now() - emitted)
            else failed++
          },
          () => {
            failed++
          },
        ),
      )
    }
    await Promise.all(pending)
    // Let the delivery marks of this rate settle before counting and before the next rate.
    await sleep(2_000)
    const row = {
      rate,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      failed,
      roundTrips: [...commands.values()].reduce((a, b) => a + b, 0) / posts,
    }
    rows.push(row)
    console.log(
      `${String(rate).padStart(4)} posts/s: ack p50 ${row.p50.toFixed(1)}  p95 ${row.p95.toFixed(1)}  p99 ${row.p99.toFixed(1)} ms  (failed or timed out ${failed}), ${row.roundTrips.toFixed(2)} round trips per post`,
    )
  }
  const base = rows[0]!
  console.log(
    `\nrate   p50 ms   p95 ms   p99 ms   p99 / p99 at ${base.rate} posts/s   round trips per post`,
  )
  for (const row of rows)
    console.log(
      `${String(row.rate).padStart(4)}  ${row.p50.toFixed(1).padStart(7)}  ${row.p95.toFixed(1).padStart(7)}  ${row.p99.toFixed(1).padStart(7)}   ${(row.p99 / base.p99).toFixed(2)}x              ${row.roundTrips.toFixed(2)}`,
    )
  const kept = rows.filter((row) => row.p99 < 100 && row.failed === 0)
  console.log(
    `highest rate with ack p99 < 100 ms: ${kept.length > 0 ? `${Math.max(...kept.map((r) => r.rate))} posts/s` : 'none'} (target 250)`,
  )

  for (const socket of sockets) socket.close()
  await node.close()
  await connection.close()
  await bench.stop()
}

await main()
process.exit(0)
