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
} from './testing/harness.js'
import type { RealtimeNode, TestDomain } from './testing/harness.js'

const db = useTestDatabase()
let redis: RunningRedis
// Two realtime nodes, each with its own database connection, sharing one database and one Redis.
let first: { t: TestDomain; node: RealtimeNode }
let second: { t: TestDomain; node: RealtimeNode }

const startOne = async () => {
  const t = await openDomain(db.uri)
  return { t, node: await startNode(t.domain, { redisUrl: redis.url }) }
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
})
