import { describe, expect, it } from 'vitest'
import { steppingClock, useDomainScene } from '../testing/domain-scene.js'

const scene = useDomainScene({ clock: steppingClock() })

const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }

describe('catch-up', () => {
  it('returns every post and comment count that arrived while offline, with marks', async () => {
    await scene.domain.posts.send(ann, {
      idPostEmet: 'before',
      text: 'seen already',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
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
    const first = await scene.domain.sync.changesSince(bob.phone, 0, 3)
    expect(first).toMatchObject({ hasMore: true })
    expect(first.posts.map((p) => p.data.idPostEmet)).toEqual(['p2', 'p1', 'p0'])
    const rest = await scene.domain.sync.changesSince(bob.phone, first.seq, 3)
    expect(rest.posts.map((p) => p.data.idPostEmet)).toEqual(['p4', 'p3'])
    expect(rest.hasMore).toBe(false)
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
