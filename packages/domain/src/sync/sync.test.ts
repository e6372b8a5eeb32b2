import { describe, expect, it } from 'vitest'
import { inboxEntryModel } from '../posts/inbox-model.js'
import { useDomainScene } from '../testing/domain-scene.js'
import { SYNC_SETTLE_MS } from './sync.js'

// A clock that moves one second per reading, and jumps when time passes between two visits.
let now = Date.UTC(2025, 0, 1)
const clock = () => new Date((now += 1000))
const timePasses = () => {
  now += SYNC_SETTLE_MS
}
const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const scene = useDomainScene({ clock, acquainted: [ann, bob] })

describe('catch-up', () => {
  it('returns every post and comment count that arrived while offline, with marks', async () => {
    await scene.domain.posts.send(ann, {
      idPostEmet: 'before',
      text: 'seen already',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
    timePasses()
    const { seq: since } = await scene.domain.sync.changesSince(bob.phone, 0)
    expect(since).toBeGreaterThan(0)
    // Offline: 30 posts, then 20 comments spread over 10 of them and the older post.
    for (let i = 0; i < 30; i++)
      await scene.domain.posts.send(ann, {
        idPostEmet: `p${i}`,
        text: `post ${i}`,
        typePoste: '0',
        destinataires: [bob],
        groups: [],
      })
    for (let i = 0; i < 20; i++)
      await scene.domain.comments.add(ann, {
        idCmtEmet: `c${i}`,
        idPostEmet: i < 18 ? `p${i % 9}` : 'before',
        cmt: `c ${i}`,
        image: '',
        fileDocName: '',
        type: '3',
      })
    await scene.domain.posts.markSeen(bob.phone, 'p29', 'web')
    timePasses()

    const changes = await scene.domain.sync.changesSince(bob.phone, since)
    expect(changes.hasMore).toBe(false)
    const byId = new Map(changes.posts.map((p) => [p.data.idPostEmet, p]))
    expect(byId.size).toBe(31)
    for (let i = 0; i < 30; i++) expect(byId.has(`p${i}`)).toBe(true)
    expect(byId.get('before')).toMatchObject({ cmtnonlu: 2, data: { totalcmt: 2 } })
    expect(byId.get('p0')).toMatchObject({ cmtnonlu: 2, data: { totalcmt: 2 } })
    expect(byId.get('p29')).toMatchObject({ cmtnonlu: 0, delivredtoWeb: 4 })
    // Latest change first, and the next call from the answered sequence is empty.
    expect(changes.posts[0]?.data.idPostEmet).toBe('p29')
    expect(changes.seq).toBe(Math.max(...changes.posts.map((p) => p.seq)))
    expect(await scene.domain.sync.changesSince(bob.phone, changes.seq)).toEqual({
      seq: changes.seq,
      posts: [],
      hasMore: false,
    })
    // The sender's copy of p29 changed too: its marks.
    const annChanges = await scene.domain.sync.changesSince(
      ann.phone,
      (await scene.domain.sync.changesSince(ann.phone, 0)).seq - 1,
    )
    expect(annChanges.posts[0]?.data.destinataires[0]).toMatchObject({
      phone: bob.phone,
      delivredtoWeb: 4,
    })
  })

  it('says when more changed than one answer holds', async () => {
    for (let i = 0; i < 5; i++)
      await scene.domain.posts.send(ann, {
        idPostEmet: `p${i}`,
        text: 'x',
        typePoste: '0',
        destinataires: [bob],
        groups: [],
      })
    timePasses()
    const first = await scene.domain.sync.changesSince(bob.phone, 0, 3)
    expect(first).toMatchObject({ hasMore: true })
    expect(first.posts.map((p) => p.data.idPostEmet)).toEqual(['p2', 'p1', 'p0'])
    const rest = await scene.domain.sync.changesSince(bob.phone, first.seq, 3)
    expect(rest.posts.map((p) => p.data.idPostEmet)).toEqual(['p4', 'p3'])
    expect(rest.hasMore).toBe(false)
  })

  it('answers changes still settling, and again next time, so one written late is not skipped', async () => {
    const send = (idPostEmet: string) =>
      scene.domain.posts.send(ann, {
        idPostEmet,
        text: idPostEmet,
        typePoste: '0',
        destinataires: [bob],
        groups: [],
      })
    await send('early')
    await send('late')
    // Bob's entry of 'early' got the smaller sequence but is not written yet, 'late' is.
    const Inbox = inboxEntryModel(scene.connection)
    const pending = await Inbox.findOne({ _id: `early:${bob.phone}` }).lean()
    await Inbox.deleteOne({ _id: `early:${bob.phone}` })

    const first = await scene.domain.sync.changesSince(bob.phone, 0)
    expect(first.posts.map((p) => p.data.idPostEmet)).toEqual(['late'])
    expect(first.seq).toBe(0)
    await Inbox.create(pending)
    const next = await scene.domain.sync.changesSince(bob.phone, first.seq)
    expect(next.posts.map((p) => p.data.idPostEmet)).toEqual(['late', 'early'])

    timePasses()
    const settled = await scene.domain.sync.changesSince(bob.phone, next.seq)
    expect(settled.seq).toBe(Math.max(...settled.posts.map((p) => p.seq)))
    expect((await scene.domain.sync.changesSince(bob.phone, settled.seq)).posts).toEqual([])
  })

  it('knows which web sockets are live', async () => {
    const now = new Date()
    await scene.domain.presence.beat('node-a', now)
    await scene.domain.presence.connected(
      { socketId: 's1', phone: bob.phone, node: 'node-a', web: true },
      now,
    )
    expect(await scene.domain.presence.webSocketOf(bob.phone, now)).toBe('s1')
    expect(await scene.domain.presence.webSocketOf(ann.phone, now)).toBe('')
    // A node that stopped beating takes its sockets with it.
    const later = new Date(now.getTime() + 120_000)
    expect(await scene.domain.presence.webSocketOf(bob.phone, later)).toBe('')
    await scene.domain.presence.disconnected('s1')
    expect(await scene.domain.presence.webSocketOf(bob.phone, now)).toBe('')
  })
})
