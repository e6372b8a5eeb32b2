import { beforeEach, describe, expect, it } from 'vitest'
import { useDomainScene } from '../testing/domain-scene.js'
import { inboxEntryModel } from './inbox-model.js'
import type { InboxEntryDoc } from './inbox-model.js'
import { postModel } from './post-model.js'
import type { SendPostInput } from './send-post.js'
import type { WallQuery } from './wall.js'

// The wall reads a page through windows of recent activity before the whole scope
// (docs/benchmarks.md, "Query plans"). Posts dated around those windows' edges, read page by
// page, must come out exactly as the plain query over the whole scope orders them.
let now = Date.now()
const scene = useDomainScene({ clock: () => new Date(now) })

const HOUR = 3_600_000
const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
/** Ages in hours, on both sides of the window edges (1, 4, 16, 64, 256, 1024, 4096 h). */
const AGES = [
  0.05, 0.1, 0.1, 0.5, 0.99, 1.01, 2, 3.9, 3.9, 4.1, 10, 15.9, 16.1, 40, 63, 65, 200, 300, 1000,
  1100, 4000, 5000,
]

const wallOrder = { dateLastEvent: -1, idPostEmet: -1 } as const

/** What the wall showed before windows: one query over the whole scope. */
const plainPage = async (viewer: string, { scope, word }: WallQuery, pageIndex: number) => {
  const filter: Record<string, unknown> =
    scope.kind === 'contact'
      ? { phone: viewer, peers: scope.phone }
      : scope.kind === 'group'
        ? { phone: viewer, groupIds: scope.idGroup }
        : { phone: viewer }
  if (word) {
    const matching = await postModel(scene.connection)
      .find({
        participants: viewer,
        text: new RegExp(word, 'i'),
        ...(scope.kind === 'group' ? { 'groups.idGroup': scope.idGroup } : {}),
      })
      .lean()
    filter['idPostEmet'] = { $in: matching.map((p) => p.idPostEmet) }
  }
  const entries = await inboxEntryModel(scene.connection)
    .find(filter)
    .sort(wallOrder)
    .skip(pageIndex * 10)
    .limit(10)
    .lean<InboxEntryDoc[]>()
  return entries.map((e) => e.idPostEmet)
}

beforeEach(async () => {
  now = Date.now()
  await scene.domain.contacts.save(ann.phone, bob)
  await scene.domain.contacts.save(ann.phone, cat)
  await scene.domain.contacts.save(bob.phone, ann)
  await scene.domain.groups.create(ann, {
    idGroup: 'team',
    nomGroup: 'Team',
    noName: '0',
    participants: [bob, cat],
  })
  const start = now
  let n = 0
  // Three posts per age, oldest first: to bob, from bob, to the folder; every other one a search
  // hit. Several share a date, so the idPostEmet tie-break counts too.
  for (const age of [...AGES].reverse()) {
    now = start - age * HOUR
    const sends: [typeof ann, Pick<SendPostInput, 'destinataires' | 'groups'>][] = [
      [ann, { destinataires: [bob], groups: [] }],
      [bob, { destinataires: [ann], groups: [] }],
      [ann, { destinataires: [], groups: [{ idGroup: 'team', name: 'Team' }] }],
    ]
    for (const [sender, input] of sends) {
      n++
      await scene.domain.posts.send(sender, {
        idPostEmet: `w${String(n).padStart(3, '0')}`,
        text: n % 2 === 0 ? `the Budget, take ${n}` : `note ${n}`,
        typePoste: '0',
        ...input,
      })
    }
  }
  now = start
})

describe('wall pages read through windows of recent activity', () => {
  const queries: [string, string, WallQuery][] = [
    ['general', ann.phone, { scope: { kind: 'general' } }],
    ['a contact', ann.phone, { scope: { kind: 'contact', phone: bob.phone } }],
    ['a folder', cat.phone, { scope: { kind: 'group', idGroup: 'team' } }],
    ['a search', ann.phone, { scope: { kind: 'general' }, word: 'budget' }],
    [
      'a search in a folder',
      ann.phone,
      { scope: { kind: 'group', idGroup: 'team' }, word: 'BUDGET' },
    ],
  ]
  for (const [name, viewer, query] of queries)
    it(`are the plain query's pages, in ${name}`, async () => {
      const total = await scene.domain.posts.count(viewer, query)
      expect(total).toBeGreaterThan(10)
      const seen: string[] = []
      for (let pageIndex = 0; pageIndex * 10 <= total; pageIndex++) {
        const page = await scene.domain.posts.page(viewer, query, pageIndex)
        const ids = page.map((p) => p.data.idPostEmet)
        expect(ids).toEqual(await plainPage(viewer, query, pageIndex))
        seen.push(...ids)
      }
      expect(new Set(seen).size).toBe(total)
    })

  it('shows a post from the future (another node’s clock ahead) first', async () => {
    now += 2 * HOUR
    await scene.domain.posts.send(ann, {
      idPostEmet: 'ahead',
      text: 'from a clock ahead',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
    now -= 2 * HOUR
    const first = await scene.domain.posts.page(bob.phone, { scope: { kind: 'general' } }, 0)
    expect(first[0]?.data.idPostEmet).toBe('ahead')
    expect(first.map((p) => p.data.idPostEmet)).toEqual(
      await plainPage(bob.phone, { scope: { kind: 'general' } }, 0),
    )
  })
  it('reads without the hint when the scope’s index is missing (still being built)', async () => {
    const Inbox = inboxEntryModel(scene.connection)
    await Inbox.collection.dropIndex('phone_1_peers_1_dateLastEvent_-1_idPostEmet_-1')
    try {
      const query: WallQuery = { scope: { kind: 'contact', phone: bob.phone } }
      for (const pageIndex of [0, 2])
        expect(
          (await scene.domain.posts.page(ann.phone, query, pageIndex)).map(
            (p) => p.data.idPostEmet,
          ),
        ).toEqual(await plainPage(ann.phone, query, pageIndex))
    } finally {
      await Inbox.createIndexes()
    }
  })
})
