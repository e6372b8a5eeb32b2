// Deactivation across realtime nodes (docs/organisation.md, "Deactivation"): asked through
// Redis as the api asks, it is answered once every node has closed the person's sockets and
// finished the events they had in flight, so nothing they send after the answer is stored.
import { messages } from '@palabre/contracts'
import { personEndingRequester } from '@palabre/domain'
import type { PersonEndings } from '@palabre/domain'
import { startRedis, useTestDatabase } from '@palabre/testing'
import type { RunningRedis } from '@palabre/testing'
import { createClient } from 'redis'
import type { Socket as ClientSocket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  acquaint,
  connectAs,
  emitAck,
  makeUser,
  nextEvent,
  openDomain,
  startNode,
} from '../test/harness.js'
import type { RealtimeNode, TestDomain, TestUser } from '../test/harness.js'

const db = useTestDatabase()
let redis: RunningRedis
let first: { t: TestDomain; node: RealtimeNode }
let second: { t: TestDomain; node: RealtimeNode }
/** The api's side: its own Redis clients, as apps/api's live notices have. */
let asker: PersonEndings
const askerClients: ReturnType<typeof createClient>[] = []

const startOne = async () => {
  const t = await openDomain(db.uri)
  return { t, node: await startNode(t.domain, { redisUrl: redis.url }) }
}

let admin: TestUser
let people = 0
const person = async (name: string) => {
  people += 1
  const user = await makeUser(first.t.domain, `3360000${String(people).padStart(4, '0')}`, name)
  await acquaint(first.t.domain, [user, admin])
  return user
}

beforeAll(async () => {
  redis = await startRedis()
  first = await startOne()
  second = await startOne()
  const publisher = createClient({ url: redis.url })
  const subscriber = publisher.duplicate()
  askerClients.push(publisher, subscriber)
  await Promise.all([publisher.connect(), subscriber.connect()])
  asker = await personEndingRequester(publisher, subscriber)
  admin = await makeUser(first.t.domain, '33699990000', 'Admin')
})
afterAll(async () => {
  await asker?.close()
  for (const client of askerClients) await client.quit()
  for (const one of [first, second]) {
    await one?.node.close()
    await one?.t.close()
  }
  await redis?.stop()
})

/** The person's sockets a node still holds. */
const socketsOf = (node: RealtimeNode, phone: string) =>
  [...node.realtime.io.of('/').sockets.values()].filter((s) => s.data.phone === phone)

const deactivate = async (phone: string) => {
  await first.t.domain.organisation.members.deactivate(admin.phone, phone)
  await asker.end(phone, 'deactivated')
}

const storedPostsOf = async (phone: string): Promise<string[]> =>
  (
    await first.t.connection
      .model('Post')
      .find({ emetr_phone: phone })
      .select({ _id: 1 })
      .lean<{ _id: string }[]>()
  )
    .map((p) => p._id)
    .sort()

describe('a deactivation asked through Redis', () => {
  it('makes a node that remembers who is deactivated forget it: its next post leaves the person out', async () => {
    const zoe = await person('Zoe')
    // A node as apps/realtime's main makes it: the list is remembered for an hour here.
    const t = await openDomain(db.uri, undefined, { rememberDeactivatedMs: 60 * 60 * 1000 })
    const node = await startNode(t.domain, { redisUrl: redis.url })
    try {
      const socket = await connectAs(node.url, admin)
      const to = (id: string) => ({
        idPostEmet: id,
        text: 'For Zoe',
        destinataires: [{ phone: zoe.phone, name: 'Zoe' }],
      })
      // Read once, and remembered: Zoe is not deactivated yet.
      expect(await emitAck(socket, 'message', to('before-zoe'))).toBe(1)
      await deactivate(zoe.phone)
      expect(await emitAck(socket, 'message', to('after-zoe'))).toEqual({
        error: {
          code: 'validation_failed',
          message: messages.organisation.recipientsDeactivated,
        },
      })
      socket.close()
    } finally {
      await node.close()
      await t.close()
    }
  })

  it('closes the person’s sockets on every node, told why, before it is answered', async () => {
    const mia = await person('Mia')
    const onFirst = await connectAs(first.node.url, mia)
    const onSecond = await connectAs(second.node.url, mia)
    const told = [onFirst, onSecond].map((socket) => nextEvent(socket, 'sessionEnded'))
    const gone = [onFirst, onSecond].map(
      (socket) => new Promise((resolve) => socket.once('disconnect', resolve)),
    )
    await deactivate(mia.phone)
    // Answered: neither node holds a socket of hers any more.
    expect(socketsOf(first.node, mia.phone)).toEqual([])
    expect(socketsOf(second.node, mia.phone)).toEqual([])
    expect(await Promise.all(told)).toEqual([{ reason: 'deactivated' }, { reason: 'deactivated' }])
    await Promise.all(gone)
    // Her session is over: no socket opens with it again.
    await expect(connectAs(second.node.url, mia)).rejects.toThrow()
  })

  it('lets no post sent after its answer be stored, and loses none acknowledged before', async () => {
    const sam = await person('Sam')
    const socket = await connectAs(second.node.url, sam)
    const acknowledged: string[] = []
    const emitted: string[] = []
    let stop = false
    let firstAcks: () => void = () => {}
    const underway = new Promise<void>((resolve) => {
      firstAcks = resolve
    })
    const sendOne = (socket: ClientSocket, id: string) => {
      emitted.push(id)
      socket.emit(
        'message',
        {
          idPostEmet: id,
          text: 'Still here',
          destinataires: [{ phone: admin.phone, name: 'Admin' }],
        },
        (answer: unknown) => {
          if (answer === 1) acknowledged.push(id)
          if (acknowledged.length === 5) firstAcks()
        },
      )
    }
    // Sam sends a post every 15 ms, not waiting for answers, until the socket is closed.
    const closed = new Promise((resolve) => socket.once('disconnect', resolve))
    void closed.then(() => {
      stop = true
    })
    let n = 0
    const timer = setInterval(() => {
      if (!stop) sendOne(socket, `race-${n++}`)
    }, 15)
    try {
      await underway
      await deactivate(sam.phone)
      const atAnswer = await storedPostsOf(sam.phone)
      // Persisted before acknowledged: every acknowledged post is stored.
      expect(atAnswer).toEqual(expect.arrayContaining([...acknowledged].sort()))
      expect(atAnswer.every((id) => emitted.includes(id))).toBe(true)
      await closed
      // After the answer, an event answered by the same node: whatever of Sam's could still
      // have been worked on there would have been before it. Addressed to Sam alone, now
      // deactivated, the post is refused.
      const admins = await connectAs(second.node.url, admin)
      const barrierId = `after-${sam.phone}`
      expect(
        await emitAck(admins, 'message', {
          idPostEmet: barrierId,
          text: 'After the answer',
          destinataires: [{ phone: sam.phone, name: 'Sam' }],
        }),
      ).toEqual({
        error: { code: 'validation_failed', message: messages.organisation.recipientsDeactivated },
      })
      admins.close()
      expect(await storedPostsOf(sam.phone)).toEqual(atAnswer)
    } finally {
      clearInterval(timer)
      socket.close()
    }
  })

  it('is answered only once the events the person had in flight are finished', async () => {
    // A node whose posts wait at a gate after their session check: one is held in flight.
    let hold: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      hold = resolve
    })
    let open: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    const order: string[] = []
    const t = await openDomain(db.uri)
    const { posts } = t.domain
    const gated = {
      ...t.domain,
      posts: {
        ...posts,
        store: async (...args: Parameters<typeof posts.store>) => {
          hold()
          await gate
          const stored = await posts.store(...args)
          order.push('stored')
          return stored
        },
      },
    }
    const node = await startNode(gated, { redisUrl: redis.url })
    try {
      const lea = await person('Lea')
      const socket = await connectAs(node.url, lea)
      const closed = new Promise((resolve) => socket.once('disconnect', resolve))
      socket.emit('message', {
        idPostEmet: 'in-flight',
        text: 'Sent before',
        destinataires: [{ phone: admin.phone, name: 'Admin' }],
      })
      await held
      const answered = deactivate(lea.phone).then(() => order.push('answered'))
      await closed
      open()
      await answered
      expect(order).toEqual(['stored', 'answered'])
      expect(await storedPostsOf(lea.phone)).toEqual(['in-flight'])
    } finally {
      await node.close()
      await t.close()
    }
  })
})
