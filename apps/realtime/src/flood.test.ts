// One signed-in socket sending 3,000 events in a burst used to make the service time out for
// every user for minutes. Now the flood costs its sender only (docs/security.md, "Floods").
import { TOO_MANY_EVENTS } from './events/handle.js'
import { useTestDatabase } from '@palabre/testing'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acquaint, connectAs, emitAck, makeUser, openDomain, startNode } from '../test/harness.js'
import type { RealtimeNode, TestDomain, TestUser } from '../test/harness.js'

const db = useTestDatabase()
let t: TestDomain
let node: RealtimeNode
let mallory: TestUser
let bob: TestUser
let cat: TestUser
const sockets: Socket[] = []

beforeAll(async () => {
  t = await openDomain(db.uri)
  node = await startNode(t.domain)
  mallory = await makeUser(t.domain, '33670000001', 'Mallory')
  bob = await makeUser(t.domain, '33670000002', 'Bob')
  cat = await makeUser(t.domain, '33670000003', 'Cat')
  await acquaint(t.domain, [bob, cat])
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await node.close()
  await t.close()
})

const connect = async (user: TestUser): Promise<Socket> => {
  const socket = await connectAs(node.url, user)
  sockets.push(socket)
  return socket
}

let n = 0
/** Bob posts to Cat; how long until his acknowledgement (post and entries stored). */
const timedPost = async (socket: Socket): Promise<number> => {
  const start = performance.now()
  const answer = await emitAck(socket, 'message', {
    idPostEmet: `bob-${n++}`,
    emetr_phone: bob.phone,
    emetr_name: bob.name,
    text: 'Still here?',
    typePoste: '0',
    destinataires: JSON.stringify([{ phone: cat.phone, name: cat.name }]),
    groups: '[]',
  })
  expect(answer).toBe(1)
  return performance.now() - start
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

describe('a flood from one socket', () => {
  it('is refused past its budget, then disconnected, and another user is served as fast as before', async () => {
    const bobSocket = await connect(bob)
    await connect(cat)
    // Bob's posts on a quiet node: the baseline of this run.
    const quiet: number[] = []
    for (let i = 0; i < 5; i++) quiet.push(await timedPost(bobSocket))

    const flooder = await connect(mallory)
    const disconnected = new Promise((resolve) => flooder.once('disconnect', resolve))
    const seen = (i: number) => ({
      emtr_vu: mallory.phone,
      emtr_post: bob.phone,
      idPostEmet: `nothing-${i}`,
    })
    // Some with an acknowledgement, to see the refusals; the rest without, as the attack sent.
    const acked = Array.from({ length: 100 }, (_, i) =>
      flooder
        .timeout(20_000)
        .emitWithAck('postVuFromWeb', seen(i))
        .catch(() => 'no answer'),
    )
    for (let i = 100; i < 3_000; i++) flooder.emit('postVuFromWeb', seen(i))

    const during: number[] = []
    for (let i = 0; i < 5; i++) during.push(await timedPost(bobSocket))

    const answers = await Promise.all(acked)
    expect(answers).toContainEqual({
      error: { code: 'too_many_requests', message: TOO_MANY_EVENTS },
    })
    await disconnected
    // The quiet baseline again, after the flood: other work on the machine may have changed
    // meanwhile, and the slower of the two quiet measures is the fair one.
    const after: number[] = []
    for (let i = 0; i < 5; i++) after.push(await timedPost(bobSocket))
    const baseline = Math.max(median(quiet), median(after))
    // Within 3x the quiet baseline of this same run (a 250 ms floor for timer noise on a tiny
    // baseline), and under a generous ceiling whatever the machine.
    expect(median(during)).toBeLessThan(Math.max(3 * baseline, 250))
    expect(Math.max(...during)).toBeLessThan(5_000)
  })
})
