// Benchmark "Directory search" (prints, does not assert): the directory's search through the
// domain service the api calls (docs/organisation.md, "The directory"), at 1,000 members, then
// 100,000 (BENCH_DIRECTORY_MEMBERS): a name prefix and a team word each matching 30 people at
// both sizes, for an employee, and for a partner sharing a folder with 300 people. p50/p99 and
// the ratio of the large size to the small one; target within 1.5x (docs/benchmarks.md).
import { directoryWordsOf } from '@palabre/domain'
import { benchEnv } from './env.js'
import { openBenchDatabase } from './setup.js'
import { ms, percentile, timed } from './stats.js'

const MATCHED = 30
const SHARED = 300
const BATCH = 1000

const phoneOf = (i: number) => `339${String(i).padStart(8, '0')}`

/** Member i: the first MATCHED are 'Quillard', the next MATCHED in team 'Zygomatique'. */
const memberOf = (i: number) => {
  const person = {
    phone: phoneOf(i),
    indicatif: '33',
    nomPrenom: i < MATCHED ? `Anne Quillard ${i}` : `Person ${i} Member`,
    mail: `${i}@bench.test`,
    passwordHash: 'x',
    createdAt: new Date(0),
    passwordChangedAt: new Date(0),
    ...(i >= MATCHED && i < 2 * MATCHED ? { team: 'Zygomatique' } : { team: `Team ${i % 500}` }),
    ...(i === 0 ? { kind: 'partner' as const } : {}),
  }
  return { ...person, directoryWords: directoryWordsOf(person) }
}

const main = async () => {
  const sizes = [1_000, benchEnv.directoryMembers]
  const bench = await openBenchDatabase('directory')
  const { domain, connection } = bench.t
  const users = connection.collection('users')
  const partner = phoneOf(0)
  const employee = phoneOf(1)
  // The partner's folder: SHARED people, the matched ones among them.
  await connection.collection('groups').insertOne({
    _id: 'shared' as never,
    idGroup: 'shared',
    nomGroup: 'Shared',
    noName: '0',
    createdBy: partner,
    admin: [partner],
    members: Array.from({ length: SHARED }, (_, i) => phoneOf(i)),
    participants: [],
    datecreation: new Date(),
    datelastevent: new Date(),
    lastEvent: 'newGroup',
    version: 0,
  })
  const checks: [string, () => Promise<unknown>][] = [
    ['employee, name prefix "quil"', () => domain.directory.page(employee, { q: 'quil', n: 0 })],
    ['employee, team word "zygo"', () => domain.directory.page(employee, { q: 'zygo', n: 0 })],
    ['partner, name prefix "quil"', () => domain.directory.page(partner, { q: 'quil', n: 0 })],
    ['partner, team word "zygo"', () => domain.directory.page(partner, { q: 'zygo', n: 0 })],
  ]
  const figures = new Map<string, number[][]>()
  let seeded = 0
  for (const size of sizes) {
    for (let start = seeded; start < size; start += BATCH)
      await users.insertMany(
        Array.from({ length: Math.min(BATCH, size - start) }, (_, i) => memberOf(start + i)),
      )
    seeded = size
    console.log(`\ndirectory: ${size} members`)
    for (const [, run] of checks) await run()
    const times = checks.map((): number[] => [])
    for (let round = 0; round < benchEnv.directoryRepeats; round++)
      for (const [i, [, run]] of checks.entries()) times[i]?.push(await timed(run))
    for (const [i, [name]] of checks.entries()) {
      const values = times[i] ?? []
      console.log(
        `${name}: p50 ${ms(percentile(values, 0.5))}  p99 ${ms(percentile(values, 0.99))}`,
      )
      figures.set(name, [...(figures.get(name) ?? []), values])
    }
  }
  console.log(`\nratio ${sizes[1]} / ${sizes[0]} (p50), target within 1.5x:`)
  for (const [name, [small = [], large = []]] of figures)
    console.log(`${name}: ${(percentile(large, 0.5) / percentile(small, 0.5)).toFixed(2)}x`)
  await bench.stop()
}

await main()
process.exit(0)
