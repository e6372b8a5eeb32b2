import type { PostData } from '@palabre/contracts'
import { startRedis, useTestDatabase } from '@palabre/testing'
import type { RunningRedis } from '@palabre/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  acquaint,
  connectAs,
  emitAck,
  makeUser,
  nextEvent,
  openDomain,
  startNode,
  until,
} from '../test/harness.js'
import type { RealtimeNode, TestDomain } from '../test/harness.js'

const db = useTestDatabase()
let redis: RunningRedis
// Two realtime nodes, each with its own database connection, sharing one database and one Redis.
let first: { t: TestDomain; node: RealtimeNode }
let second: { t: TestDomain; node: RealtimeNode }

const startOne = async () => {
  const t = await openDomain(db.uri)
  // A delivery timeout longer than any wait of these tests: a mark they see came from an answer.
  return { t, node: await startNode(t.domain, { redisUrl: redis.url, deliveryTimeoutMs: 60_000 }) }
}

beforeAll(async () => {
  redis = await startRedis()
  first = await startOne()
  second = await startOne()
})
afterAll(async () => {
  for (const one of [first, second]) {
    await one?.node.close()
    await one?.t.close()
  }
  await redis?.stop()
})

describe('many realtime nodes', () => {
  it('deliver a post sent on one node to a recipient on the other, with its callback back', async () => {
    const ann = await makeUser(first.t.domain, '33600000001', 'Ann A')
    const bob = await makeUser(first.t.domain, '33600000002', 'Bob B')
    await acquaint(first.t.domain, [ann, bob])
    const annOnFirst = await connectAs(first.node.url, ann)
    const annOnSecond = await connectAs(second.node.url, ann)
    const bobOnSecond = await connectAs(second.node.url, bob)
    try {
      const received = nextEvent<PostData>(bobOnSecond, 'message')
      const otherTab = nextEvent<PostData>(annOnSecond, 'messageForOtherToMe')
      const callback = nextEvent(annOnFirst, 'callback')
      const payload = {
        idPostEmet: 'across',
        text: 'Across nodes',
        destinataires: [{ phone: bob.phone, name: 'Bob' }],
      }
      expect(await emitAck(annOnFirst, 'message', payload)).toBe(1)
      expect((await received).data).toMatchObject({
        idPostEmet: 'across',
        text: 'Across nodes',
        emetr_phone: ann.phone,
      })
      expect((await otherTab).data.idPostEmet).toBe('across')
      expect(await callback).toEqual({ idPostEmet: 'across', phone: bob.phone, delivred: 2 })
      const [asAnn] = await second.t.domain.posts.page(ann.phone, { scope: { kind: 'general' } }, 0)
      expect(asAnn?.data.destinataires[0]).toMatchObject({ phone: bob.phone, delivred: 2 })
    } finally {
      for (const socket of [annOnFirst, annOnSecond, bobOnSecond]) socket.close()
    }
  })

  it('deliver a folder post to members on both nodes; each is marked once their own socket answers', async () => {
    const [ann, bob, cat, dan] = await Promise.all([
      makeUser(first.t.domain, '33600000011', 'Ann F'),
      makeUser(first.t.domain, '33600000012', 'Bob F'),
      makeUser(first.t.domain, '33600000013', 'Cat F'),
      makeUser(first.t.domain, '33600000014', 'Dan F'),
    ])
    await acquaint(first.t.domain, [ann, bob, cat, dan])
    const annOnFirst = await connectAs(first.node.url, ann)
    const bobOnFirst = await connectAs(first.node.url, bob)
    const catOnSecond = await connectAs(second.node.url, cat)
    // Dan's two sockets, one on each node, get the post and hold their answers; one answers later.
    const danSockets = [await connectAs(first.node.url, dan), await connectAs(second.node.url, dan)]
    const sockets = [annOnFirst, bobOnFirst, catOnSecond, ...danSockets]
    try {
      const callbacks: { phone: string }[] = []
      const called = (phone: string) =>
        until(() => callbacks.some((callback) => callback.phone === phone))
      annOnFirst.on('callback', (callback: { phone: string }) => callbacks.push(callback))
      const held = danSockets.map(
        (socket) =>
          new Promise<(answer: number) => void>((resolve) =>
            socket.once('message', (_post: PostData, ack: (answer: number) => void) =>
              resolve(ack),
            ),
          ),
      )
      const forOthers = [
        nextEvent<PostData>(bobOnFirst, 'message'),
        nextEvent<PostData>(catOnSecond, 'message'),
      ]
      const payload = {
        idPostEmet: 'folder-across',
        text: 'To three, across nodes',
        destinataires: [bob, cat, dan].map(({ phone }) => ({ phone, name: phone })),
      }
      expect(await emitAck(annOnFirst, 'message', payload)).toBe(1)
      for (const post of await Promise.all(forOthers))
        expect(post.data.idPostEmet).toBe('folder-across')
      const [, danAnswersThere] = await Promise.all(held)
      // Bob answered on Ann's node, Cat on the other: both marked, Dan (who has not answered) not.
      await called(bob.phone)
      await called(cat.phone)
      expect(callbacks.map(({ phone }) => phone)).not.toContain(dan.phone)
      danAnswersThere?.(1)
      await called(dan.phone)
      const [asAnn] = await first.t.domain.posts.page(ann.phone, { scope: { kind: 'general' } }, 0)
      expect(asAnn?.data.destinataires.map(({ delivred }) => delivred)).toEqual([2, 2, 2])
    } finally {
      for (const socket of sockets) socket.close()
    }
  })
})
