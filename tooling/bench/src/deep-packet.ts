// What a hostile socket.io packet costs a realtime node before the event's budget is asked
// (docs/security.md, "Bad input"; docs/benchmarks.md, "10. Deep JSON"): a packet of about 900 KB
// of nested brackets and a flat one of the same size (one long string), each decoded by
// socket.io-parser's own decoder, as the server did before, and by the decoder it uses now,
// which scans the packet's nesting before JSON.parse. Timed in this process; needs no database.
// Prints figures, asserts nothing. Build first: `pnpm turbo run build --filter=@palabre/realtime...`.
import { availableParallelism, loadavg } from 'node:os'
import { findInputProblem } from '@palabre/contracts'
import { DepthCheckedDecoder } from '@palabre/realtime'
import { Decoder } from 'socket.io-parser'
import type { Packet } from 'socket.io-parser'
import { benchEnv } from './env.js'
import { percentile } from './stats.js'

const { deepPacketRepeats: REPEATS, deepPacketBytes: BYTES } = benchEnv

const machine = (when: string) =>
  `machine (${when}): ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min)`

// An EVENT packet with an acknowledgement id: `21["message",<payload>]`.
const header = '21["message",'
const levels = Math.floor((BYTES - header.length - 1) / 2)
const packets = {
  deep: `${header}${'['.repeat(levels)}${']'.repeat(levels)}]`,
  flat: `${header}"${'x'.repeat(BYTES - header.length - 3)}"]`,
} as const

type Kind = keyof typeof packets

/** One decoding, in ms, and whether the decoder refused the packet. */
const decodeOnce = (decoder: Decoder, packet: string): { ms: number; refused: boolean } => {
  let decoded: Packet | undefined
  decoder.on('decoded', (p: Packet) => {
    decoded = p
  })
  const started = performance.now()
  try {
    decoder.add(packet)
  } catch {
    return { ms: performance.now() - started, refused: true }
  }
  const ms = performance.now() - started
  if (decoded === undefined) throw new Error('nothing was decoded')
  return { ms, refused: false }
}

const decoders: [string, () => Decoder][] = [
  ["socket.io-parser's decoder (before)", () => new Decoder()],
  ['DepthCheckedDecoder (now)', () => new DepthCheckedDecoder()],
]

console.log(machine('start'))
console.log(
  `${REPEATS} decodings of each packet (${BYTES.toLocaleString('en')} bytes), interleaved, after 3 unmeasured; ms`,
)
const results = new Map<string, number[]>()
const refusals = new Map<string, boolean>()
for (let round = -3; round < REPEATS; round += 1)
  for (const [name, make] of decoders)
    for (const kind of Object.keys(packets) as Kind[]) {
      const { ms, refused } = decodeOnce(make(), packets[kind])
      if (round < 0) continue
      const key = `${name}|${kind}`
      results.set(key, [...(results.get(key) ?? []), ms])
      refusals.set(key, refused)
    }

console.log(`  ${'decoder'.padEnd(36)} ${'packet'.padEnd(6)} ${'outcome'.padEnd(8)}   p50      p95`)
for (const [name] of decoders) {
  for (const kind of Object.keys(packets) as Kind[]) {
    const t = results.get(`${name}|${kind}`) ?? []
    const outcome = refusals.get(`${name}|${kind}`) ? 'refused' : 'decoded'
    console.log(
      `  ${name.padEnd(36)} ${kind.padEnd(6)} ${outcome.padEnd(8)} ${percentile(t, 0.5).toFixed(2).padStart(7)}  ${percentile(t, 0.95).toFixed(2).padStart(7)}`,
    )
  }
  const deep = results.get(`${name}|deep`) ?? []
  const flat = results.get(`${name}|flat`) ?? []
  console.log(
    `  ${name.padEnd(36)} deep / flat: p50 ${(percentile(deep, 0.5) / percentile(flat, 0.5)).toFixed(2)}, p95 ${(percentile(deep, 0.95) / percentile(flat, 0.95)).toFixed(2)}`,
  )
}

// Before, the listener then checked the decoded payload's shape, once the budget admitted it.
const decoded = JSON.parse(packets.deep.slice(2)) as unknown[]
const walks: number[] = []
for (let i = 0; i < REPEATS; i += 1) {
  const started = performance.now()
  findInputProblem(decoded[1])
  walks.push(performance.now() - started)
}
console.log(
  `  before, findInputProblem of the decoded deep payload: p50 ${percentile(walks, 0.5).toFixed(2)}, p95 ${percentile(walks, 0.95).toFixed(2)}`,
)
console.log(machine('end'))
