// Benchmark 2 (prints, does not assert): the wall of a heavy user, through the domain service the
// api calls. p50/p95 of the first page, page 100, the count and a search (its first page and its
// count) at 10,000 inbox entries, then at 100,000 (the same user, a longer history), each next to
// a point read by `_id` timed in the same run. Targets (docs/benchmarks.md): the 100,000 figure
// within 1.5x the 10,000 one, and a page within 10x a point read.
import { recountWall } from '@palabre/domain'
import { benchEnv } from './env.js'
import { benchFolders, seedWall, wordOf } from './seed.js'
import type { Db, WallCircle } from './seed.js'
import { makeUsers, openBenchDatabase } from './setup.js'
import { ms, percentile, timed } from './stats.js'

const PEERS = 20

interface Figure {
  p50: number
  p95: number
}

const main = async () => {
  const sizes = [10_000, benchEnv.wallEntries].filter((n, i, all) => all.indexOf(n) === i)
  const bench = await openBenchDatabase('wall')
  const { domain, connection } = bench.t
  const db = connection.db as Db
  const [viewer, ...peers] = await makeUsers(bench.t, PEERS + 1)
  if (!viewer) throw new Error('no users')
  const circle: WallCircle = {
    viewer: viewer.phone,
    peers: peers.map((p) => p.phone),
    folders: benchFolders(),
  }
  // Folders (and posts) are for the creator's contacts.
  for (const peer of peers)
    await domain.contacts.save(viewer.phone, { name: peer.name, phone: peer.phone })
  for (const idGroup of circle.folders)
    await domain.groups.create(viewer, {
      idGroup,
      nomGroup: idGroup,
      noName: '0',
      participants: peers,
    })
  const word = wordOf(0)
  const general = { kind: 'general' as const }
  const checks: [string, () => Promise<unknown>][] = [
    ['first page (page 0)', () => domain.posts.page(viewer.phone, { scope: general }, 0)],
    ['page 100', () => domain.posts.page(viewer.phone, { scope: general }, 100)],
    ['count', () => domain.posts.count(viewer.phone, { scope: general })],
    [`search "${word}" page 0`, () => domain.posts.page(viewer.phone, { scope: general, word }, 0)],
    [`search "${word}" count`, () => domain.posts.count(viewer.phone, { scope: general, word })],
  ]
  const pointRead = () =>
    db.collection('inbox_entries').findOne({ _id: `wall-0000042:${viewer.phone}` as never })

  const anchor = Date.now() - 60_000
  const figures = new Map<string, Map<number, Figure>>()
  let seeded = 0
  for (const size of sizes) {
    const seedStart = performance.now()
    await seedWall(db, circle, seeded, size, anchor)
    seeded = size
    console.log(
      `\nwall: ${size} inbox entries of the user (${2 * size} in all, ${size} posts), seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    )
    // The seed writes entries straight into the collection: the wall's counters are set from
    // them, as a recount after a crash would (docs/operations.md, "Wall counters").
    const recountStart = performance.now()
    const recounted = await recountWall(connection, [circle.viewer, ...circle.peers])
    console.log(
      `recount of the ${PEERS + 1} users: ${recounted.counters} counters in ${ms(performance.now() - recountStart)}`,
    )
    const first = await domain.posts.page(viewer.phone, { scope: general }, 0)
    const count = await domain.posts.count(viewer.phone, { scope: general })
    if (first.length !== 10 || count !== size)
      throw new Error(`unexpected wall: ${first.length} posts, count ${count}`)
    // Interleaved round by round, so that a busy moment of the machine weighs on all alike.
    const times = new Map<string, number[]>([['point read by _id', []]])
    for (const [name] of checks) times.set(name, [])
    for (const [, run] of checks) await run()
    for (let round = 0; round < benchEnv.wallRepeats; round++) {
      times.get('point read by _id')?.push(await timed(pointRead))
      for (const [name, run] of checks) times.get(name)?.push(await timed(run))
    }
    const point = percentile(times.get('point read by _id') ?? [], 0.5)
    for (const [name, values] of times) {
      const figure = { p50: percentile(values, 0.5), p95: percentile(values, 0.95) }
      figures.set(name, (figures.get(name) ?? new Map<number, Figure>()).set(size, figure))
      const vsPoint = name.startsWith('point')
        ? ''
        : `  = ${(figure.p50 / point).toFixed(1)}x the point read`
      console.log(`${name.padEnd(24)}: p50 ${ms(figure.p50)}  p95 ${ms(figure.p95)}${vsPoint}`)
    }
  }

  const [small, large] = [sizes[0], sizes[sizes.length - 1]] as [number, number]
  if (large !== small) {
    console.log(
      `\nratio ${large} / ${small} entries (p50; target <= 1.5: cost does not grow with the inbox)`,
    )
    for (const [name, bySize] of figures) {
      const ratio = (bySize.get(large)?.p50 ?? Number.NaN) / (bySize.get(small)?.p50 ?? Number.NaN)
      console.log(
        `${name.padEnd(24)}: ${ratio.toFixed(2)}${ratio <= 1.5 ? '' : '  (above target)'}`,
      )
    }
  }
  console.log('(page / point read target: <= 10x)')
  await bench.stop()
}

await main()
process.exit(0)
