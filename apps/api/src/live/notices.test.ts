// The api announces ended sessions and marks through Redis; the realtime nodes' socket.io
// adapter carries them to the sockets, whichever node holds them (docs/security.md, "Sessions";
// docs/realtime.md, "Delivery marks"). Checked against two real socket.io servers on the Redis
// adapter, as the realtime nodes run.
import { messages } from '@palabre/contracts'
import { personEndingResponder, phoneRoom, sessionRoom } from '@palabre/domain'
import { startRedis } from '@palabre/testing'
import type { RunningRedis } from '@palabre/testing'
import { pino } from 'pino'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roomNodes } from '../../test/room-node.js'
import type { RoomNodes } from '../../test/room-node.js'
import { redisNotices } from './notices.js'
import type { LiveNotices } from './notices.js'

let redis: RunningRedis
let notices: LiveNotices
let nodes: RoomNodes

beforeAll(async () => {
  redis = await startRedis()
  notices = await redisNotices(redis.url, pino({ level: 'silent' }))
  nodes = roomNodes(redis.url)
})
/** Redis clients the tests open, closed at the end. */
const clients: ReturnType<typeof createClient>[] = []
afterAll(async () => {
  for (const client of clients) await client.quit()
  await notices?.close()
  await nodes?.close()
  await redis?.stop()
})
const startNode = () => nodes.start()
const join = (url: string, room: string) => nodes.join(url, room)

describe('ended sessions announced through Redis', () => {
  it('reach the sockets of that session on every node: told why, then disconnected', async () => {
    const [first, second] = [await startNode(), await startNode()]
    const onFirst = await join(first, sessionRoom('k1'))
    const onSecond = await join(second, sessionRoom('k1'))
    const bystander = await join(second, sessionRoom('k2'))
    const told = [onFirst, onSecond].map(
      (socket) => new Promise((resolve) => socket.once('sessionEnded', resolve)),
    )
    const gone = [onFirst, onSecond].map(
      (socket) => new Promise((resolve) => socket.once('disconnect', resolve)),
    )
    let bystanderGone = false
    bystander.once('disconnect', () => (bystanderGone = true))
    notices.sessionsEnded({ sessionKey: 'k1' }, 'logout')
    expect(await Promise.all(told)).toEqual([{ reason: 'logout' }, { reason: 'logout' }])
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect'])
    // A barrier: the end of the bystander's own session, announced after, reaches it after the
    // first would have closed it (one Redis channel, one socket, in order).
    const ownEnd = new Promise((resolve) =>
      bystander.once('sessionEnded', (payload: unknown) => resolve({ payload, bystanderGone })),
    )
    notices.sessionsEnded({ sessionKey: 'k2' }, 'password_reset')
    expect(await ownEnd).toEqual({ payload: { reason: 'password_reset' }, bystanderGone: false })
  })

  it('reach every session of a phone but the kept one at a password change', async () => {
    const [first, second] = [await startNode(), await startNode()]
    const rooms = (key: string) => `${phoneRoom('33600000009')} ${sessionRoom(key)}`
    const kept = await join(first, rooms('kept'))
    const ended = [await join(first, rooms('other')), await join(second, rooms('other'))]
    const told = ended.map(
      (socket) => new Promise((resolve) => socket.once('sessionEnded', resolve)),
    )
    let keptTold = false
    kept.once('sessionEnded', () => (keptTold = true))
    notices.sessionsEnded({ phone: '33600000009', keepSessionKey: 'kept' }, 'password_change')
    expect(await Promise.all(told)).toEqual([
      { reason: 'password_change' },
      { reason: 'password_change' },
    ])
    // A barrier: a mark to the same phone, sent after, reaches the kept socket after the ending
    // would have (one Redis channel, one socket, in order).
    const mark = { idPostEmet: 'p9', phone: '33600000003', delivred: 2 as const }
    const marked = new Promise((resolve) =>
      kept.once('callback', () => resolve({ keptTold, connected: kept.connected })),
    )
    notices.tell('33600000009', 'callback', mark)
    expect(await marked).toEqual({ keptTold: false, connected: true })
  })

  it('carry a mark to every socket of its sender, on every node, and to nobody else', async () => {
    const [first, second] = [await startNode(), await startNode()]
    const senderHere = await join(first, phoneRoom('33600000001'))
    const senderThere = await join(second, phoneRoom('33600000001'))
    const other = await join(second, phoneRoom('33600000002'))
    const heard: unknown[] = []
    other.on('callback', (payload: unknown) => heard.push(payload))
    const told = [senderHere, senderThere].map(
      (socket) => new Promise((resolve) => socket.once('callback', resolve)),
    )
    const mark = { idPostEmet: 'p1', phone: '33600000003', delivred: 2 as const }
    notices.tell('33600000001', 'callback', mark)
    expect(await Promise.all(told)).toEqual([mark, mark])
    // A barrier: a notice to the other person sent after the first reaches them after it would
    // have (one Redis channel, one socket, in order).
    const barrier = new Promise((resolve) => other.once('commentCallback', resolve))
    notices.tell('33600000002', 'commentCallback', {
      idPostEmet: 'p1',
      idCmtEmet: 'c1',
      phones: ['33600000003'],
      delivred: 2,
    })
    await barrier
    expect(heard).toEqual([])
  })
})

/**
 * A realtime node's side of person endings, on its own Redis clients: `endHere` is what the
 * node does (close the sockets, let their events finish).
 */
const responder = async (endHere: (phone: string) => Promise<void>) => {
  const publisher = createClient({ url: redis.url })
  const subscriber = publisher.duplicate()
  clients.push(publisher, subscriber)
  await Promise.all([publisher.connect(), subscriber.connect()])
  return personEndingResponder(publisher, subscriber, endHere, () => {})
}

describe('ending a person through Redis (docs/organisation.md, "Deactivation")', () => {
  it('is answered once every node that received it has finished, and not before', async () => {
    const order: string[] = []
    const gates = [0, 1].map(() => {
      let open: () => void = () => {}
      let reached: () => void = () => {}
      const opened = new Promise<void>((resolve) => (open = resolve))
      const arrived = new Promise<void>((resolve) => (reached = resolve))
      return { open, opened, arrived, reached }
    })
    const nodesUp = await Promise.all(
      gates.map((gate, i) =>
        responder(async (phone) => {
          order.push(`node ${i} ending ${phone}`)
          gate.reached()
          await gate.opened
          order.push(`node ${i} done`)
        }),
      ),
    )
    try {
      const answered = notices.endPerson('33600000009', 'deactivated').then(() => {
        order.push('answered')
      })
      await Promise.all(gates.map((g) => g.arrived))
      gates[1]?.open()
      gates[0]?.open()
      await answered
      expect(order.slice(2)).toEqual(['node 1 done', 'node 0 done', 'answered'])
      expect(order.slice(0, 2).sort()).toEqual([
        'node 0 ending 33600000009',
        'node 1 ending 33600000009',
      ])
    } finally {
      for (const node of nodesUp) await node.close()
    }
  })

  it('with no realtime node listening, is answered at once', async () => {
    await expect(notices.endPerson('33600000010', 'deactivated')).resolves.toBeUndefined()
  })

  it('says so (503) when a node does not answer in time', async () => {
    const impatient = await redisNotices(redis.url, pino({ level: 'silent' }), {
      endingTimeoutMs: 300,
    })
    const stuck = await responder(() => new Promise<void>(() => {}))
    try {
      await expect(impatient.endPerson('33600000011', 'deactivated')).rejects.toMatchObject({
        code: 'unavailable',
        message: messages.organisation.deactivationUnconfirmed,
      })
    } finally {
      await stuck.close()
      await impatient.close()
    }
  })
})
