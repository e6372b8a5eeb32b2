import { searchCountBound } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import {
  steppingClock,
  together,
  useDomainScene,
  postInput as post,
} from '../testing/domain-scene.js'
import { entryId, inboxEntryModel } from './inbox-model.js'
import { postModel } from './post-model.js'
import type { WallScope } from './wall.js'
import { addWallCounts, recountWall, wallCountModel } from './wall-counts.js'

// The wall's counts are counters moved by the inserts of entries (docs/data-model.md, "Wall
// counters"); a search count stops past a bound (docs/behaviour.md, "Counters").
const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
const scene = useDomainScene({ clock: steppingClock(), nodes: 4, acquainted: [ann, bob, cat] })

const general: WallScope = { kind: 'general' }
const contact = (phone: string): WallScope => ({ kind: 'contact', phone })
const folder: WallScope = { kind: 'group', idGroup: 'team' }

const count = (viewer: string, scope: WallScope, word?: string) =>
  scene.domain.posts.count(viewer, { scope, word })

/** The counts as the entries give them, read the slow way. */
const truth = (viewer: string, scope: WallScope) =>
  inboxEntryModel(scene.connection).countDocuments(
    scope.kind === 'contact'
      ? { phone: viewer, peers: scope.phone }
      : scope.kind === 'group'
        ? { phone: viewer, groupIds: scope.idGroup }
        : { phone: viewer },
  )

const makeFolder = () =>
  scene.domain.groups.create(ann, {
    idGroup: 'team',
    nomGroup: 'Team',
    noName: '0',
    participants: [bob, cat],
  })

describe('wall counters', () => {
  it('count every scope as the entries do: direct posts, folder posts, both sides', async () => {
    await makeFolder()
    await scene.domain.posts.send(ann, post({ destinataires: [bob] }))
    // To several contacts: through a folder without a name, so in no contact scope.
    await scene.domain.posts.send(ann, post({ destinataires: [bob, cat] }))
    await scene.domain.posts.send(bob, post({ destinataires: [ann] }))
    await scene.domain.posts.send(ann, post({ groups: [{ idGroup: 'team', name: 'Team' }] }))
    const expected: [string, WallScope, number][] = [
      [ann.phone, general, 4],
      [ann.phone, contact(bob.phone), 2],
      [ann.phone, contact(cat.phone), 0],
      [ann.phone, folder, 1],
      [bob.phone, general, 4],
      [bob.phone, contact(ann.phone), 2],
      [bob.phone, folder, 1],
      [cat.phone, general, 2],
      [cat.phone, contact(bob.phone), 0],
      [cat.phone, folder, 1],
    ]
    for (const [viewer, scope, value] of expected) {
      expect(await count(viewer, scope)).toBe(value)
      expect(await truth(viewer, scope)).toBe(value)
    }
  })

  it('count nothing for a retried post, sequential or racing through four nodes', async () => {
    const input = post({ destinataires: [bob] })
    await scene.domain.posts.send(ann, input)
    await scene.domain.posts.send(ann, input)
    const retried = post({ destinataires: [bob, cat] })
    await together(scene.nodes, 12, (node) => node.posts.send(ann, retried))
    expect(await count(bob.phone, general)).toBe(2)
    expect(await count(cat.phone, general)).toBe(1)
    expect(await count(ann.phone, general)).toBe(2)
    expect(await count(ann.phone, contact(bob.phone))).toBe(1)
  })

  it('count 40 racing first posts of new scopes once each', async () => {
    // Every counter is missing when the 40 posts race to create it (wall-counts.ts,
    // createMissing).
    await together(scene.nodes, 40, (node, i) =>
      node.posts.send(i % 2 === 0 ? ann : cat, post({ destinataires: [bob] })),
    )
    expect(await count(bob.phone, general)).toBe(40)
    expect(await count(bob.phone, contact(ann.phone))).toBe(20)
    expect(await count(bob.phone, contact(cat.phone))).toBe(20)
    expect(await count(ann.phone, general)).toBe(20)
  })

  it('count an entry a comment wrote before its post did once', async () => {
    const input = post({ destinataires: [bob] })
    const stored = await scene.domain.posts.store(ann, input)
    await scene.domain.comments.add(bob, {
      idPostEmet: input.idPostEmet,
      idCmtEmet: 'c-first',
      cmt: 'before the post was distributed',
      image: '',
      fileDocName: '',
      type: '3',
    })
    await scene.domain.posts.distribute(stored)
    expect(await truth(bob.phone, general)).toBe(1)
    expect(await count(bob.phone, general)).toBe(1)
    expect(await count(ann.phone, general)).toBe(1)
  })

  it("count a folder whose id holds '.', '$' or '%', or is '__proto__', as any other", async () => {
    // Escaped, the second must not read as the first.
    const [odd, twin, proto] = ['q3.budget$%2E', 'q3.budget$.', '__proto__']
    for (const idGroup of [odd, twin, proto])
      await scene.domain.groups.create(ann, {
        idGroup,
        nomGroup: idGroup,
        noName: '0',
        participants: [bob],
      })
    // The first post of each: their documents are made holding it.
    await scene.domain.posts.send(ann, post({ groups: [{ idGroup: proto, name: 'Proto' }] }))
    expect(await count(bob.phone, { kind: 'group', idGroup: proto })).toBe(1)
    await scene.domain.posts.send(ann, post({ groups: [{ idGroup: odd, name: 'Odd' }] }))
    await scene.domain.posts.send(bob, post({ groups: [{ idGroup: odd, name: 'Odd' }] }))
    expect(await count(bob.phone, { kind: 'group', idGroup: odd })).toBe(2)
    expect(await count(bob.phone, { kind: 'group', idGroup: twin })).toBe(0)
    expect((await recountWall(scene.connection)).repaired).toBe(0)
  })

  it('are repaired by a recount: wrong, missing, and scopes emptied', async () => {
    await makeFolder()
    await scene.domain.posts.send(ann, post({ destinataires: [bob] }))
    await scene.domain.posts.send(ann, post({ groups: [{ idGroup: 'team', name: 'Team' }] }))
    const WallCount = wallCountModel(scene.connection)
    // A counter wrong, a user's counters gone, an entry gone (Ann's general and Bob scopes).
    await WallCount.updateOne({ _id: bob.phone }, { $set: { n: 999 } })
    await WallCount.deleteOne({ _id: cat.phone })
    await inboxEntryModel(scene.connection).deleteOne({ phone: ann.phone, peers: bob.phone })
    expect(await count(bob.phone, general)).toBe(999)

    const report = await recountWall(scene.connection, [ann.phone, bob.phone, cat.phone])
    // Bob's general; Cat's general and folder; Ann's general and Bob scope.
    expect(report.repaired).toBe(5)
    expect(await count(bob.phone, general)).toBe(2)
    expect(await count(cat.phone, general)).toBe(1)
    expect(await count(cat.phone, folder)).toBe(1)
    expect(await count(ann.phone, general)).toBe(1)
    expect(await count(ann.phone, contact(bob.phone))).toBe(0)
    expect((await recountWall(scene.connection)).repaired).toBe(0)
  })

  it('are made once for entries written before counters existed', async () => {
    await scene.domain.posts.send(ann, post({ destinataires: [bob] }))
    await wallCountModel(scene.connection).deleteMany({})
    expect(await count(bob.phone, general)).toBe(0)

    // Ann's general and Bob's, Ann's with Bob and Bob's with Ann.
    expect(await addWallCounts(scene.connection)).toBe(4)
    expect(await count(bob.phone, general)).toBe(1)
    expect(await count(ann.phone, contact(bob.phone))).toBe(1)
    // Marked: a later start reads the marker and sets nothing, even where a counter is off.
    await wallCountModel(scene.connection).deleteOne({ _id: bob.phone })
    expect(await addWallCounts(scene.connection)).toBe(0)
    expect(await count(bob.phone, general)).toBe(0)
  })
})

describe('search counts', () => {
  /**
   * `total` posts between ann and bob, written straight into the database (a thousand posts
   * through the service would take a minute): every `direct`th one names bob directly, the
   * others reach him through the folder; the text of every one matches 'needle'.
   */
  const seed = async (total: number, direct: number) => {
    const date = new Date(Date.UTC(2025, 0, 1))
    const posts = []
    const entries = []
    for (let i = 0; i < total; i++) {
      const idPostEmet = `seed-${i}`
      const isDirect = i % direct === 0
      posts.push({
        _id: idPostEmet,
        idPostEmet,
        emetr_phone: ann.phone,
        emetr_name: ann.name,
        text: `a needle ${i}`,
        typePoste: '0',
        destinataires: [{ phone: bob.phone, name: bob.name, idGroupe: isDirect ? [] : ['team'] }],
        groups: isDirect ? [] : [{ idGroup: 'team', name: 'Team' }],
        participants: [ann.phone, bob.phone],
        totalcmt: 0,
        dateCreation: date,
        dateLastEvent: date,
      })
      for (const [phone, other] of [
        [ann.phone, bob.phone],
        [bob.phone, ann.phone],
      ] as const)
        entries.push({
          _id: entryId(idPostEmet, phone),
          phone,
          idPostEmet,
          role: phone === ann.phone ? 'sender' : 'recipient',
          groupIds: isDirect ? [] : ['team'],
          peers: isDirect ? [other] : [],
          delivred: 0,
          delivredtoWeb: 0,
          cmtnonlu: 0,
          unread: false,
          dateLastEvent: date,
          seq: i + 1,
          seqAt: date,
        })
    }
    await postModel(scene.connection).collection.insertMany(posts as never[])
    await inboxEntryModel(scene.connection).collection.insertMany(entries as never[])
  }

  it(`answer exactly up to ${searchCountBound}, and ${searchCountBound + 1} (more) past it`, async () => {
    await makeFolder()
    await seed(searchCountBound, 1)
    expect(await count(bob.phone, general, 'needle')).toBe(searchCountBound)
    await scene.domain.posts.send(ann, post({ destinataires: [bob], text: 'one more needle' }))
    await scene.domain.posts.send(ann, post({ destinataires: [bob], text: 'and another needle' }))
    expect(await count(bob.phone, general, 'needle')).toBe(searchCountBound + 1)
    expect(await count(bob.phone, general, 'another')).toBe(1)
  })

  it('count a narrow scope exactly across many more matching posts of the wider one', async () => {
    await makeFolder()
    // 2,500 matching posts, 834 of them in the contact scope: past the first 1,001 matches
    // (334 in the scope), every match is read.
    await seed(2_500, 3)
    expect(await count(bob.phone, contact(ann.phone), 'needle')).toBe(834)
    expect(await count(bob.phone, folder, 'needle')).toBe(searchCountBound + 1)
    expect(await count(bob.phone, contact(ann.phone), 'NEEDLE 24')).toBe(
      [...Array(2_500).keys()].filter((i) => i % 3 === 0 && String(i).startsWith('24')).length,
    )
  })
})
