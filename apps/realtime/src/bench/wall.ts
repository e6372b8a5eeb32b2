// Benchmark 2 (prints, does not assert): a user with 100,000 inbox entries. p50/p95 of the
// first page, page 100 and the count of the general wall, through the domain service the api
// calls. Posts are seeded in bulk (half sent by the user, half received), straight into the
// collections, with the shape the domain writes.
import { benchEnv } from './env.js'
import { makeUsers, openBenchDatabase } from './setup.js'
import { summary, timed } from './stats.js'

const BATCH = 2_000
const words = [
  'budget',
  'meeting',
  'site',
  'report',
  'plan',
  'delivery',
  'invoice',
  'training',
  'team',
  'quiz',
]

const main = async () => {
  const total = benchEnv.wallEntries
  const bench = await openBenchDatabase('wall')
  const { domain, connection } = bench.t
  const [viewer, peer] = await makeUsers(bench.t, 2)
  if (!viewer || !peer) throw new Error('no users')
  console.log(
    `wall: seeding ${total} posts (${total} inbox entries for the user, ${total} for its peer)`,
  )
  const posts = connection.collection<{ _id: string }>('posts')
  const inbox = connection.collection<{ _id: string }>('inbox_entries')
  const origin = Date.UTC(2024, 0, 1)
  const seedStart = performance.now()
  for (let from = 0; from < total; from += BATCH) {
    const postDocs = []
    const entryDocs = []
    for (let i = from; i < Math.min(total, from + BATCH); i++) {
      const sent = i % 2 === 0
      const sender = sent ? viewer : peer
      const recipient = sent ? peer : viewer
      const idPostEmet = `wall-${String(i).padStart(7, '0')}`
      const date = new Date(origin + i * 60_000)
      postDocs.push({
        _id: idPostEmet,
        idPostEmet,
        emetr_phone: sender.phone,
        emetr_name: sender.name,
        text: `${words[i % words.length]} note number ${i}`,
        typePoste: '0',
        destinataires: [{ phone: recipient.phone, name: recipient.name, idGroupe: [] }],
        groups: [],
        participants: [sender.phone, recipient.phone],
        totalcmt: 0,
        dateCreation: date,
        dateLastEvent: date,
      })
      const entry = {
        idPostEmet,
        groupIds: [],
        delivred: 2,
        delivredtoWeb: 0,
        cmtnonlu: 0,
        unread: false,
        dateLastEvent: date,
        seq: i + 1,
        seqAt: date,
      }
      for (const [who, role, peer] of [
        [sender, 'sender', recipient],
        [recipient, 'recipient', sender],
      ] as const) {
        entryDocs.push({
          ...entry,
          _id: `${idPostEmet}:${who.phone}`,
          phone: who.phone,
          role,
          peers: [peer.phone],
        })
      }
    }
    await posts.insertMany(postDocs, { ordered: false })
    await inbox.insertMany(entryDocs, { ordered: false })
  }
  console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`)

  const general = { scope: { kind: 'general' as const } }
  const checks: [string, () => Promise<unknown>][] = [
    ['first page (page 0)', () => domain.posts.page(viewer.phone, general, 0)],
    ['page 100', () => domain.posts.page(viewer.phone, general, 100)],
    ['count', () => domain.posts.count(viewer.phone, general)],
  ]
  const first = await domain.posts.page(viewer.phone, general, 0)
  const count = await domain.posts.count(viewer.phone, general)
  if (first.length !== 10 || count !== total)
    throw new Error(`unexpected wall: ${first.length} posts, count ${count}`)
  for (const [name, run] of checks) {
    await run()
    const times: number[] = []
    for (let i = 0; i < benchEnv.wallRepeats; i++) times.push(await timed(run))
    console.log(`${name.padEnd(20)}: ${summary(times)}`)
  }
  await bench.stop()
}

await main()
process.exit(0)
