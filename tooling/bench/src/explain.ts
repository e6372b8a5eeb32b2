// Query plans (prints, does not assert): each hot query at 10,000 and 100,000 inbox entries of
// one user, before and after docs/benchmarks.md, "Query plans", in the same run on the same
// server. "before" is the previous code's query on the previous indexes, created as the engine
// made them before (DocumentDB's classic RUM terms); "after" is the domain's own call on the
// indexes the schemas declare now: every query the call sends is caught (mongoose's debug hook)
// and explained through the MongoDB driver. On FerretDB the plan is PostgreSQL's.
import { recountWall } from '@palabre/domain'
import { openDomain } from '@palabre/realtime/testing'
import type { TestDomain } from '@palabre/realtime/testing'
import { startTestDatabase } from '@palabre/testing'
import { benchEnv } from './env.js'
import type { Db, WallCircle } from './seed.js'
import {
  benchFolders,
  postIdOf,
  seedCircleFolders,
  seedDirectory,
  seedThread,
  seedWall,
  SEQ_TOP,
  wordOf,
} from './seed.js'
import { machineLine } from './machine.js'
import { percentile } from './stats.js'

type Doc = Record<string, unknown>

/** What an explain gives, reduced to its nodes: `Limit > Sort > Index Scan x`. */
interface PlanNode {
  'Node Type'?: string
  'Index Name'?: string
  'Sort Method'?: string
  Plans?: PlanNode[]
}

const planOf = (explain: Doc): string => {
  // FerretDB 2: PostgreSQL's plan under queryPlanner.Plan; MongoDB: winningPlan stages.
  const cursor = (explain['stages'] as Doc[] | undefined)?.[0]?.['$cursor'] as Doc | undefined
  const planner = (explain['queryPlanner'] ?? cursor?.['queryPlanner'] ?? explain) as Doc
  const pg = planner['Plan'] as PlanNode | undefined
  if (pg) {
    const nodes: string[] = []
    const walk = (node: PlanNode) => {
      const type = node['Node Type'] ?? '?'
      if (!['Subquery Scan', 'Gather', 'Gather Merge', 'Function Scan', 'Result'].includes(type))
        nodes.push(node['Index Name'] ? `${type} ${node['Index Name']}` : type)
      for (const child of node.Plans ?? []) walk(child)
    }
    walk(pg)
    return nodes.join(' > ')
  }
  const mongo: string[] = []
  const walkMongo = (stage: Doc | undefined) => {
    if (!stage) return
    mongo.push(
      stage['indexName']
        ? `${String(stage['stage'])} ${String(stage['indexName'])}`
        : String(stage['stage']),
    )
    walkMongo(stage['inputStage'] as Doc | undefined)
  }
  walkMongo(planner['winningPlan'] as Doc | undefined)
  return mongo.join(' < ')
}

const REPEATS = 5
/** Slow queries are repeated until this much time is spent (at least once). */
const BUDGET_MS = 4_000

const median = async (run: () => Promise<unknown>): Promise<number> => {
  await run()
  const times: number[] = []
  const start = performance.now()
  while (times.length < REPEATS && (times.length === 0 || performance.now() - start < BUDGET_MS)) {
    const at = performance.now()
    await run()
    times.push(performance.now() - at)
  }
  return percentile(times, 0.5)
}

/** A query as the driver takes it, to run and to explain. */
interface RawQuery {
  collection: string
  kind: 'find' | 'aggregate'
  filter?: Doc
  options?: Doc
  pipeline?: Doc[]
}

const cursorOf = (db: Db, q: RawQuery) =>
  q.kind === 'find'
    ? db.collection(q.collection).find(q.filter ?? {}, q.options)
    : db.collection(q.collection).aggregate(q.pipeline ?? [], q.options)

const explainRaw = async (db: Db, q: RawQuery): Promise<string> =>
  planOf((await cursorOf(db, q).explain('queryPlanner')) as Doc)

const runRaw = (db: Db, q: RawQuery) => cursorOf(db, q).toArray()

const describe = (q: RawQuery): string => {
  const { hint, ...options } = q.options ?? {}
  const text = JSON.stringify(
    q.kind === 'find' ? { ...q.filter, ...options } : q.pipeline,
    (_, v) => (v instanceof RegExp ? String(v) : (v as unknown)),
  )
  const hinted = hint ? ` hint ${indexName(hint as Doc)}` : ''
  return `${q.collection}.${q.kind}${hinted} ${text.length > 90 ? `${text.slice(0, 87)}...` : text}`
}

/** The queries the domain sends during `call`, as the driver would run them. */
const capture = async (t: TestDomain, call: () => Promise<unknown>): Promise<RawQuery[]> => {
  const seen: RawQuery[] = []
  t.connection.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    const [first, second] = args as [Doc | Doc[] | undefined, Doc | undefined]
    const options = { ...(second ?? {}) }
    if (method === 'find' || method === 'findOne')
      seen.push({
        collection,
        kind: 'find',
        filter: first as Doc,
        options: method === 'findOne' ? { ...options, limit: 1 } : options,
      })
    else if (method === 'countDocuments')
      seen.push({
        collection,
        kind: 'aggregate',
        pipeline: [{ $match: first ?? {} }, { $group: { _id: 1, n: { $sum: 1 } } }],
        options: options['hint'] ? { hint: options['hint'] } : {},
      })
    else if (method === 'aggregate')
      seen.push({ collection, kind: 'aggregate', pipeline: first as Doc[] })
  })
  try {
    await call()
  } finally {
    t.connection.set('debug', false)
  }
  return seen
}

/** Indexes as the previous schemas declared them, made as the engine made them then. */
const previousIndexes: Record<string, Doc[]> = {
  inbox_entries: [
    { idPostEmet: 1, phone: 1 },
    { phone: 1, dateLastEvent: -1, idPostEmet: -1 },
    { phone: 1, groupIds: 1, dateLastEvent: -1 },
    { phone: 1, peers: 1, dateLastEvent: -1 },
    { phone: 1, seq: 1 },
  ],
  posts: [{ participants: 1, dateLastEvent: -1 }],
  comments: [{ idPostEmet: 1, dateCreation: 1 }],
  comment_receipts: [
    { idCmtEmet: 1, phone: 1 },
    { idPostEmet: 1, phone: 1 },
  ],
  contacts: [{ owner: 1, name: 1 }],
  groups: [{ members: 1, datelastevent: -1 }],
  users: [{ phone: 1 }],
}

const indexName = (key: Doc) =>
  Object.entries(key)
    .map(([field, order]) => `${field}_${String(order)}`)
    .join('_')

const makePreviousIndexes = async (db: Db, ferretdb: boolean) => {
  for (const [collection, keys] of Object.entries(previousIndexes))
    await db.command({
      createIndexes: collection,
      indexes: keys.map((key) => ({
        key,
        name: indexName(key),
        // DocumentDB's default before docs/benchmarks.md, "Query plans": per-path RUM terms.
        ...(ferretdb ? { enableOrderedIndex: false } : {}),
      })),
    })
}

const dropIndexes = async (db: Db) => {
  for (const collection of await db.listCollections({}, { nameOnly: true }).toArray())
    await db
      .collection(collection.name)
      .dropIndexes()
      .catch(() => undefined)
}

interface Case {
  name: string
  /** The previous code's query (or queries, run one after the other). */
  before: (db: Db) => Promise<RawQuery[]>
  /** The domain's call now. */
  after: () => Promise<unknown>
}

const WALL_ORDER = { dateLastEvent: -1, idPostEmet: -1 }

const cases = (t: TestDomain, circle: WallCircle): Case[] => {
  const { viewer } = circle
  const contact = circle.peers[3] as string
  const folder = circle.folders[2] as string
  const word = wordOf(0)
  const { posts, sync, comments, contacts, groups } = t.domain
  const page = (filter: Doc, skip = 0): RawQuery => ({
    collection: 'inbox_entries',
    kind: 'find',
    filter,
    options: { sort: WALL_ORDER, skip, limit: 10 },
  })
  const count = (match: Doc): RawQuery => ({
    collection: 'inbox_entries',
    kind: 'aggregate',
    pipeline: [{ $match: match }, { $group: { _id: 1, n: { $sum: 1 } } }],
  })
  const matching: RawQuery = {
    collection: 'posts',
    kind: 'find',
    filter: { participants: viewer, text: new RegExp(word, 'i') },
    options: { projection: { idPostEmet: 1, _id: 0 } },
  }
  const idsOf = async (db: Db) =>
    (await runRaw(db, matching)).map((p) => (p as { idPostEmet: string }).idPostEmet)
  const general = { kind: 'general' as const }
  return [
    {
      name: 'wall page 0 (general)',
      before: async () => [page({ phone: viewer })],
      after: () => posts.page(viewer, { scope: general }, 0),
    },
    {
      name: 'wall page 100 (general)',
      before: async () => [page({ phone: viewer }, 1000)],
      after: () => posts.page(viewer, { scope: general }, 100),
    },
    {
      name: 'contact scope page 0',
      before: async () => [page({ phone: viewer, peers: contact })],
      after: () => posts.page(viewer, { scope: { kind: 'contact', phone: contact } }, 0),
    },
    {
      name: 'folder scope page 0',
      before: async () => [page({ phone: viewer, groupIds: folder })],
      after: () => posts.page(viewer, { scope: { kind: 'group', idGroup: folder } }, 0),
    },
    {
      name: 'count (general)',
      before: async () => [count({ phone: viewer })],
      after: () => posts.count(viewer, { scope: general }),
    },
    {
      name: 'count (contact)',
      before: async () => [count({ phone: viewer, peers: contact })],
      after: () => posts.count(viewer, { scope: { kind: 'contact', phone: contact } }),
    },
    {
      name: 'count (folder)',
      before: async () => [count({ phone: viewer, groupIds: folder })],
      after: () => posts.count(viewer, { scope: { kind: 'group', idGroup: folder } }),
    },
    {
      name: `search "${word}" page 0`,
      before: async (db) => [
        matching,
        page({ phone: viewer, idPostEmet: { $in: await idsOf(db) } }),
      ],
      after: () => posts.page(viewer, { scope: general, word }, 0),
    },
    {
      name: `search "${word}" count`,
      before: async (db) => [
        matching,
        count({ phone: viewer, idPostEmet: { $in: await idsOf(db) } }),
      ],
      after: () => posts.count(viewer, { scope: general, word }),
    },
    {
      name: 'catch-up (last 50 changes)',
      before: async () => [
        {
          collection: 'inbox_entries',
          kind: 'find',
          filter: { phone: viewer, seq: { $gt: SEQ_TOP - 50 } },
          options: { sort: { seq: 1 }, limit: 501 },
        },
      ],
      after: () => sync.changesSince(viewer, SEQ_TOP - 50),
    },
    {
      name: 'comments of a post (200)',
      before: async (db) => {
        const thread: RawQuery = {
          collection: 'comments',
          kind: 'find',
          filter: { idPostEmet: postIdOf(0) },
          options: { sort: { dateCreation: 1, _id: 1 } },
        }
        // The viewer's receipts, and every receipt of the comments the viewer wrote.
        const own = (await runRaw(db, thread))
          .filter((c) => (c as { emetr_phone?: string }).emetr_phone === viewer)
          .map((c) => (c as { _id: string })._id)
        return [
          thread,
          {
            collection: 'comment_receipts',
            kind: 'find',
            filter: {
              $or: [{ idPostEmet: postIdOf(0), phone: viewer }, { idCmtEmet: { $in: own } }],
            },
          },
        ]
      },
      after: () => comments.list(viewer, postIdOf(0)),
    },
    {
      name: 'unread receipts of a post',
      before: async () => [
        {
          collection: 'comment_receipts',
          kind: 'find',
          filter: { idPostEmet: postIdOf(0), phone: viewer, delivred: { $lt: 4 } },
          options: { projection: { idCmtEmet: 1 } },
        },
      ],
      // markCommentsSeen's first read (the call itself writes): run as the driver would.
      after: async () => undefined,
    },
    {
      name: 'contacts page',
      before: async () => [
        {
          collection: 'contacts',
          kind: 'find',
          filter: { owner: viewer },
          options: { projection: { name: 1, phone: 1, _id: 0 } },
        },
      ],
      after: () => contacts.page(viewer, 0),
    },
    {
      name: 'folders of a user',
      before: async () => [
        {
          collection: 'groups',
          kind: 'find',
          filter: { members: viewer },
          options: { sort: { datelastevent: -1 } },
        },
        {
          collection: 'inbox_entries',
          kind: 'aggregate',
          pipeline: [
            { $match: { phone: viewer, unread: true, groupIds: { $in: circle.folders } } },
            { $unwind: '$groupIds' },
            { $group: { _id: '$groupIds', n: { $sum: 1 } } },
          ],
        },
      ],
      after: () => groups.listFor(viewer),
    },
    {
      name: 'point read by _id (reference)',
      before: async () => [
        {
          collection: 'inbox_entries',
          kind: 'find',
          filter: { _id: `${postIdOf(42)}:${viewer}` },
          options: { limit: 1 },
        },
      ],
      after: async () => undefined,
    },
  ]
}

const main = async () => {
  const sizes = [10_000, benchEnv.wallEntries].filter((n, i, all) => all.indexOf(n) === i)
  const database = await startTestDatabase()
  const ferretdb = database.engine === 'ferretdb'
  console.log(`engine: ${database.engine} ${database.version}`)
  console.log(machineLine('start'))
  const stamp = Date.now()
  // "after": the domain on a database of its own, indexes as the schemas declare them.
  const t = await openDomain(database.uri, `explain_after_${stamp}`)
  const afterDb = t.connection.db as Db
  const beforeDb = t.connection.useDb(`explain_before_${stamp}`).db as Db
  const circle: WallCircle = {
    viewer: '33700000000',
    peers: Array.from({ length: 20 }, (_, k) => `337000${String(10_000 + k).slice(-5)}`),
    folders: benchFolders(),
  }
  const anchor = Date.now() - 60_000
  for (const db of [beforeDb, afterDb]) {
    await seedThread(db, circle, anchor)
    await seedDirectory(db, circle, anchor)
    await seedCircleFolders(db, circle, anchor)
    await db
      .collection('users')
      .insertMany(
        [circle.viewer, ...circle.peers].map((phone) => ({ _id: phone, phone })) as never[],
      )
  }

  let seeded = 0
  for (const size of sizes) {
    const seedStart = performance.now()
    // Faster built after the rows than kept up row by row: drop, seed, build again.
    await dropIndexes(beforeDb)
    await dropIndexes(afterDb)
    await seedWall(beforeDb, circle, seeded, size, anchor)
    await seedWall(afterDb, circle, seeded, size, anchor)
    await makePreviousIndexes(beforeDb, ferretdb)
    await Promise.all(Object.values(t.connection.models).map((model) => model.createIndexes()))
    // The counts read counters now: set from the seeded entries, as a recount would.
    await recountWall(t.connection, [circle.viewer, ...circle.peers])
    seeded = size
    console.log(
      `\n=== ${size} inbox entries of the viewer (seeded and indexed in ${((performance.now() - seedStart) / 1000).toFixed(1)} s) ===`,
    )
    for (const c of cases(t, circle)) {
      const before = await c.before(beforeDb)
      const beforeMs = await median(async () => {
        for (const q of await c.before(beforeDb)) await runRaw(beforeDb, q)
      })
      console.log(`\n${c.name}`)
      console.log(`  before ${beforeMs.toFixed(1).padStart(8)} ms`)
      for (const q of before)
        console.log(`    ${await explainRaw(beforeDb, q)}    [${describe(q)}]`)
      let queries = await capture(t, c.after)
      let afterMs: number
      if (queries.length > 0) {
        afterMs = await median(c.after)
      } else {
        // Not a domain read (or one that writes): the same query, on the new indexes.
        queries = before
        afterMs = await median(async () => {
          for (const q of queries) await runRaw(afterDb, q)
        })
      }
      console.log(
        `  after  ${afterMs.toFixed(1).padStart(8)} ms  (${queries.length} quer${queries.length === 1 ? 'y' : 'ies'})`,
      )
      const shown = new Set<string>()
      for (const q of queries) {
        const line = `${await explainRaw(afterDb, q)}    [${describe(q)}]`
        if (shown.has(line)) continue
        shown.add(line)
        const ms = await median(() => runRaw(afterDb, q))
        console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${line}`)
      }
    }
  }
  console.log(`\n${machineLine('end')}`)
  await t.connection.useDb(`explain_before_${stamp}`).dropDatabase()
  await t.connection.dropDatabase()
  await t.close()
  await database.stop()
}

await main()
process.exit(0)
