// `pnpm bench:real` (prints, does not assert; docs/benchmarks.md, "9. As people use it"): the
// product as `pnpm start` runs it (or one realtime node of `pnpm cluster`), started cold, its
// people signed up and acquainted through the api, their tabs in client processes of their own,
// posts at rising rates on a fixed schedule until past the knee; then the same clients and
// schedule against a bare socket.io server in a process of its own, the limit. First with one
// tab a person, then with five.
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { setTimeout as sleep } from 'node:timers/promises'
import { realEnv } from '../env.js'
import { machineLine } from '../machine.js'
import { cpuPercent, treeCpu } from './cpu.js'
import { measure, pastTheKnee } from './measure.js'
import type { RateFigures } from './measure.js'
import { acquaintEveryone, signUpEveryone } from './people.js'
import type { Timed } from './people.js'
import { startClientPool } from './pool.js'
import type { ClientPool } from './pool.js'
import { startClusterProduct, startServe } from './product.js'
import type { Product } from './product.js'
import { now } from './protocol.js'
import type { Person, Target } from './protocol.js'
import { scheduleOf } from './schedule.js'
import { rateLine, resultTable } from './table.js'
import type { Series } from './table.js'

/** How long after its emit anything of a post is waited for: three times the web app's wait. */
const WAIT_MS = 30_000
/** A breath between two rates, so one's stragglers are not the next one's load. */
const BETWEEN_RATES_MS = 2_000

const bareMain = fileURLToPath(new URL('./bare-server.js', import.meta.url))

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const timed = (what: string, t: Timed, count: number) =>
  `${what}: ${count} in ${seconds(t.totalMs)} (each p50 ${t.p50Ms.toFixed(0)} ms, p99 ${t.p99Ms.toFixed(0)} ms)`

/** The bare server, in a process of its own, once it listens. */
const startBare = async () => {
  const child = fork(bareMain, [], { stdio: 'inherit' })
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port))
    child.once('exit', (code) => reject(new Error(`the bare server ended (${code})`)))
  })
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill() }
}

/** Rising rates against one server, until past the knee. */
const rising = async (
  label: string,
  clients: ClientPool,
  target: Target,
  pid: number | undefined,
  people: Person[],
  tabs: number,
): Promise<RateFigures[]> => {
  const { contacts, rates, seconds: each } = realEnv
  const connected = await clients.connect(target, people, tabs)
  console.log(
    `\n${label}, ${tabs} tab${tabs === 1 ? '' : 's'} a person: ${connected.sockets} sockets connected in ${seconds(connected.ms)}`,
  )
  console.log(
    '  rate | ack | unanswered, refused | delivered to every tab | callbacks | late emits | each client process: loop p99 ms/CPU | server CPU: its process + what it started',
  )
  const figures: RateFigures[] = []
  for (const rate of rates) {
    const posts = scheduleOf({ people: people.length, contacts, tabs, rate, seconds: each })
    const cpuBefore = await treeCpu(pid)
    const started = now()
    const ran = await clients.run(people, posts, WAIT_MS)
    const cpu = cpuPercent(cpuBefore, await treeCpu(pid), now() - started)
    const f = measure(rate, posts, tabs, ran, cpu)
    figures.push(f)
    console.log(`  ${rateLine(f, WAIT_MS)}`)
    if (pastTheKnee(f)) {
      console.log(`  past the knee at ${rate} posts/s: stopping`)
      break
    }
    await sleep(BETWEEN_RATES_MS)
  }
  await clients.disconnect()
  return figures
}

const main = async () => {
  const { target, people: count, contacts, tabs, rates, seconds: each, clientProcesses } = realEnv
  console.log(machineLine('start'))
  console.log(
    `bench:real: ${count} people, ${contacts} contacts each, tabs ${tabs.join(' then ')}, rates ${rates.join(', ')} posts/s for ${each} s each, clients in ${clientProcesses} process${clientProcesses === 1 ? '' : 'es'}`,
  )
  const options = { people: count, mongoUrl: realEnv.mongoUrl }
  const product: Product = await (target === 'cluster'
    ? startClusterProduct(options)
    : startServe(options))
  const stops: (() => unknown)[] = [() => product.stop()]
  try {
    console.log(`product: ${product.name}, database ${product.engine}`)
    console.log(`cold start: ${seconds(product.coldStartMs)} (started to ready)`)
    const signedUp = await signUpEveryone(product.base, product.otpLogFile, count)
    console.log(timed('sign-ups through the api', signedUp.timing, count))
    const acquainted = await acquaintEveryone(product.base, signedUp.people, contacts)
    console.log(
      timed('contacts saved through the api', acquainted, count * Math.min(contacts, count - 1)),
    )
    const clients = startClientPool(clientProcesses)
    stops.push(() => clients.stop())
    const bare = await startBare()
    stops.push(() => bare.stop())

    const series: Series[] = []
    for (const t of tabs) {
      const palabre = await rising(
        'palabre',
        clients,
        { kind: 'palabre', url: product.socketUrl },
        product.pid,
        signedUp.people,
        t,
      )
      const bareFigures = await rising(
        'bare socket.io',
        clients,
        { kind: 'bare', url: bare.url },
        bare.pid,
        signedUp.people,
        t,
      )
      series.push({ tabs: t, palabre, bare: bareFigures })
    }
    console.log(`\n${resultTable(rates, series, WAIT_MS)}`)
    console.log(
      `(ack: the sender's emit to the stored acknowledgement; a post refused or not answered within ${WAIT_MS / 1000} s counts as slower than any; bare: its acknowledgement, routed and not stored)`,
    )
  } finally {
    for (const stop of stops.reverse()) await stop()
    console.log(machineLine('end'))
  }
}

await main()
process.exit(0)
