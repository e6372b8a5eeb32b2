import { syncRoutes } from '@palabre/contracts'
import { SYNC_SETTLE_MS } from '@palabre/domain'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'

const boot = useApiHarness()
let h: ApiHarness
let ann: Member, bob: Member

const get = (user: Member, path: string) => h.getAs(user, path)

beforeAll(async () => {
  h = await boot()
  ann = await h.member('33600000001', 'Ann A')
  bob = await h.member('33600000002', 'Bob B')
  await h.acquaint(ann, bob)
})
afterAll(() => h.close())

describe('GET /api/sync', () => {
  it('gives a client that was offline all 50 posts and comments, counts and marks included', async () => {
    const { domain } = h.api.ctx
    const before = syncRoutes.getSync.responses[200].parse(
      (await get(bob, '/api/sync').expect(200)).body,
    )
    expect(before).toEqual({ seq: 0, posts: [], comments: [], hasMore: false })
    // While Bob is away: 30 posts from Ann, then 20 comments on the first ten of them.
    for (let i = 0; i < 30; i++)
      await domain.posts.send(ann, {
        idPostEmet: `p${i}`,
        text: `post ${i}`,
        typePoste: '0',
        destinataires: [bob],
        groups: [],
      })
    for (let i = 0; i < 20; i++)
      await domain.comments.add(ann, {
        idCmtEmet: `c${i}`,
        idPostEmet: `p${i % 10}`,
        cmt: `comment ${i}`,
        image: '',
        fileDocName: '',
        type: '3',
      })
    await domain.posts.markDelivered([bob.phone], 'p29')
    // Bob comes back later: every change has settled (see SYNC_SETTLE_MS).
    h.clock.advance(SYNC_SETTLE_MS)

    const res = await get(bob, `/api/sync?since=${before.seq}`).expect(200)
    const changes = syncRoutes.getSync.responses[200].parse(res.body)
    expect(changes.posts).toHaveLength(30)
    const byId = new Map(changes.posts.map((p) => [p.data.idPostEmet, p]))
    for (let i = 0; i < 10; i++)
      expect(byId.get(`p${i}`)).toMatchObject({ cmtnonlu: 2, data: { totalcmt: 2 } })
    expect(byId.get('p29')).toMatchObject({ cmtnonlu: 0, delivred: 2 })
    // What the catch-up handed over is delivered (docs/realtime.md, "Delivery marks").
    for (const post of changes.posts) expect(post.delivred).toBe(2)
    expect(changes.comments?.map((c) => c.data.idCmtEmet).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `c${i}`).sort(),
    )
    expect((await get(bob, `/api/sync?since=${changes.seq}`).expect(200)).body).toEqual({
      seq: changes.seq,
      posts: [],
      comments: [],
      hasMore: false,
    })
    // Ann's own copies come back to her, with Bob's mark.
    const annSync = await get(ann, '/api/sync?since=0').expect(200)
    const p29 = annSync.body.posts.find(
      (p: { data: { idPostEmet: string } }) => p.data.idPostEmet === 'p29',
    )
    expect(p29.data.destinataires[0]).toMatchObject({ phone: bob.phone, delivred: 2 })
  })

  it('refuses a bad sequence and needs a session', async () => {
    await get(bob, '/api/sync?since=-1').expect(400)
    await get(bob, '/api/sync?since=abc').expect(400)
    await request(h.server).get('/api/sync').expect(401)
  })
})
