// Delivered means the person's client has it, however it got there (docs/realtime.md, "Delivery
// marks"): what reached a person over REST (a page of the wall, one post, a thread, the
// catch-up) used to stay undelivered for ever. Now it is marked, and the sender is told live
// through Redis, as the realtime nodes carry it to every socket of theirs.
import { phoneRoom } from '@palabre/domain'
import { startRedis } from '@palabre/testing'
import type { RunningRedis } from '@palabre/testing'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../test/api-harness.js'
import type { ApiHarness, Member } from '../../test/api-harness.js'
import { roomNodes } from '../../test/room-node.js'
import type { RoomNodes } from '../../test/room-node.js'

// The harness's api reads REDIS_URL once, when it starts: a Redis is started first.
let redis: RunningRedis
const env: Record<string, string> = {}
const boot = useApiHarness(env)
let h: ApiHarness
let nodes: RoomNodes
let ann: Member, bob: Member, cat: Member
let annSocket: Socket

beforeAll(async () => {
  redis = await startRedis()
  env['REDIS_URL'] = redis.url
  h = await boot()
  nodes = roomNodes(redis.url)
  ann = await h.member('33600000001', 'Ann')
  bob = await h.member('33600000002', 'Bob')
  cat = await h.member('33600000003', 'Cat')
  await h.acquaint(ann, bob, cat)
  annSocket = await nodes.join(await nodes.start(), phoneRoom(ann.phone))
})
afterAll(async () => {
  await h?.close()
  await nodes?.close()
  await redis?.stop()
})

let n = 0
const send = async (from: Member, to: Member[]) => {
  const idPostEmet = `p${n++}`
  h.clock.advance(1000)
  await h.api.ctx.domain.posts.send(from, {
    idPostEmet,
    text: 'hello',
    typePoste: '0',
    destinataires: to.map(({ phone, name }) => ({ phone, name })),
    groups: [],
  })
  return idPostEmet
}
const comment = async (from: Member, idPostEmet: string) => {
  const idCmtEmet = `c${n++}`
  h.clock.advance(1000)
  await h.api.ctx.domain.comments.add(from, {
    idPostEmet,
    idCmtEmet,
    cmt: 'a comment',
    image: '',
    fileDocName: '',
    type: '3',
  })
  return idCmtEmet
}

/** The next `count` payloads of `event` on Ann's socket. */
const next = <T>(event: string, count = 1): Promise<T[]> =>
  new Promise((resolve) => {
    const heard: T[] = []
    const listener = (payload: T) => {
      heard.push(payload)
      if (heard.length === count) {
        annSocket.off(event, listener)
        resolve(heard)
      }
    }
    annSocket.on(event, listener)
  })

/** Ann's view of her post: each recipient's marks. */
const annSees = async (idPostEmet: string) => {
  const res = await h.getAs(ann, `/api/postView/${idPostEmet}`).expect(200)
  return (res.body as { data: { destinataires: { phone: string; delivred: number }[] } }).data
    .destinataires
}

describe('a post read over REST', () => {
  it('on a page of the wall is delivered, the answer says so, and its sender is told live', async () => {
    const id = await send(ann, [bob])
    const told = next<unknown>('callback')
    const res = await h.getAs(bob, `/api/post/${bob.phone}/0`).expect(200)
    const [shown] = res.body as { data: { idPostEmet: string }; delivred: number }[]
    expect(shown).toMatchObject({ data: { idPostEmet: id }, delivred: 2 })
    expect(await told).toEqual([{ idPostEmet: id, phone: bob.phone, delivred: 2 }])
    expect((await annSees(id)).map((r) => [r.phone, r.delivred])).toEqual([[bob.phone, 2]])
  })

  it('is delivered once: a second read tells nobody', async () => {
    const first = await send(ann, [bob])
    const firstTold = next<unknown>('callback')
    await h.getAs(bob, `/api/postView/${first}`).expect(200)
    await firstTold
    const heard = next<{ idPostEmet: string }>('callback')
    await h.getAs(bob, `/api/postView/${first}`).expect(200)
    // A barrier: a new post read after the second read is told after it would have been.
    const second = await send(ann, [bob])
    await h.getAs(bob, `/api/postView/${second}`).expect(200)
    expect((await heard).map((c) => c.idPostEmet)).toEqual([second])
  })

  it('on a search page or a contact’s page is delivered too, for the recipient only', async () => {
    const toBob = await send(ann, [bob])
    const toCat = await send(ann, [cat])
    const told = next<{ idPostEmet: string; phone: string }>('callback', 2)
    await h.getAs(bob, `/api/search/${bob.phone}/0/hello`).expect(200)
    await h.getAs(cat, `/api/postContact/${cat.phone}/${ann.phone}/0`).expect(200)
    expect((await told).map((c) => [c.idPostEmet, c.phone])).toEqual([
      [toBob, bob.phone],
      [toCat, cat.phone],
    ])
    expect((await annSees(toBob)).map((r) => r.delivred)).toEqual([2])
    expect((await annSees(toCat)).map((r) => r.delivred)).toEqual([2])
  })
})

describe('a thread read over REST', () => {
  it('delivers its comments, and tells each author with the comment’s status', async () => {
    const id = await send(ann, [bob, cat])
    const c1 = await comment(ann, id)
    const told = next<unknown>('commentCallback', 2)
    await h.getAs(bob, `/api/comment/${id}`).expect(200)
    await h.getAs(cat, `/api/comment/${id}`).expect(200)
    expect(await told).toEqual([
      { idPostEmet: id, idCmtEmet: c1, phones: [bob.phone], delivred: 2, tagcmtstatut: '0' },
      { idPostEmet: id, idCmtEmet: c1, phones: [cat.phone], delivred: 2, tagcmtstatut: '2' },
    ])
    const thread = await h.getAs(ann, `/api/comment/${id}`).expect(200)
    expect(thread.body).toMatchObject([{ tagcmtstatut: '2' }])
  })
})

describe('the catch-up', () => {
  it('delivers the posts it hands over and the comments the client had not received', async () => {
    const old = await send(ann, [bob])
    await h.getAs(bob, `/api/postView/${old}`).expect(200)
    const before = (await h.getAs(bob, '/api/sync').expect(200)).body as { seq: number }
    // Bob is away: Ann sends two posts and a comment on the old one.
    const fresh = [await send(ann, [bob]), await send(ann, [bob])]
    const c = await comment(ann, old)
    const postsTold = next<{ idPostEmet: string }>('callback', 2)
    const commentTold = next<{ idCmtEmet: string; tagcmtstatut: string }>('commentCallback')
    const res = await h.getAs(bob, `/api/sync?since=${before.seq}`).expect(200)
    const answer = res.body as {
      posts: { data: { idPostEmet: string }; delivred: number }[]
      comments: { data: { idCmtEmet: string } }[]
    }
    expect(answer.comments.map((x) => x.data.idCmtEmet)).toEqual([c])
    for (const id of fresh)
      expect(answer.posts.find((p) => p.data.idPostEmet === id)?.delivred).toBe(2)
    expect((await postsTold).map((t) => t.idPostEmet).sort()).toEqual([...fresh].sort())
    expect(await commentTold).toEqual([
      expect.objectContaining({ idCmtEmet: c, tagcmtstatut: '2' }),
    ])
    // Handed over once: the next catch-up does not repeat the comment.
    const again = (await h.getAs(bob, '/api/sync').expect(200)).body as { comments: unknown[] }
    expect(again.comments).toEqual([])
  })
})
