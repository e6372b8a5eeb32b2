// A socket lives only as long as its session (docs/security.md, "Sessions"): it used to keep
// acting (ack 1 for `message`) and receiving pushes after a logout or a password reset. The
// session is read at the handshake only; endings are pushed, expiry is checked on the socket.
import { messages } from '@palabre/contracts'
import { SESSION_TTL_MS, sessionKeyOf } from '@palabre/domain'
import { useTestDatabase } from '@palabre/testing'
import type { Socket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  acquaint,
  barrier,
  connectAs,
  emitAck,
  makeUser,
  nextEvent,
  openDomain,
  startNode,
} from '../test/harness.js'
import type { RealtimeNode, TestDomain, TestUser } from '../test/harness.js'

/** Longer than this file runs: on `node`, only the sweeps a test asks for run. */
const NO_TIMED_SWEEP_MS = 60 * 60 * 1000

const db = useTestDatabase()
let t: TestDomain
/** A node whose sessions are swept only when a test says so. */
let node: RealtimeNode
/** A node sweeping on its own every 200 ms, for the silent socket. */
let sweeping: RealtimeNode
const sockets: Socket[] = []
let nextPhone = 33_650_000_000

/** Session reads on `node`: a handshake's, an event's or a sweep's. */
let sessionReads = 0
/** Sessions to end, unseen by the nodes, right after their handshake has read them live. */
const endAfterHandshake = new Set<string>()
/** Reads of these sessions' liveness wait until the promise resolves. */
const gates = new Map<string, Promise<void>>()

beforeAll(async () => {
  t = await openDomain(db.uri)
  const { sessions } = t.domain
  node = await startNode(
    {
      ...t.domain,
      sessions: {
        ...sessions,
        async liveKeys(keys, now) {
          sessionReads += 1
          await Promise.all(keys.map((key) => gates.get(key)))
          return sessions.liveKeys(keys, now)
        },
        async find(token, now) {
          sessionReads += 1
          const found = await sessions.find(token, now)
          // An ending that lands after the handshake's read, before the socket's rooms.
          if (token !== undefined && endAfterHandshake.delete(token)) await sessions.revoke(token)
          return found
        },
      },
    },
    { sessionSweepMs: NO_TIMED_SWEEP_MS },
  )
  sweeping = await startNode(t.domain, { sessionSweepMs: 200 })
})
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close()
})
afterAll(async () => {
  await node.close()
  await sweeping.close()
  await t.close()
})

const user = (): Promise<TestUser> => makeUser(t.domain, String(nextPhone++), 'Someone')
const connect = async (who: Pick<TestUser, 'token'>, on = node): Promise<Socket> => {
  const socket = await connectAs(on.url, who)
  sockets.push(socket)
  return socket
}
const disconnected = (socket: Socket): Promise<string> =>
  new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)))

const post = (from: TestUser, to: TestUser, id: string) => ({
  idPostEmet: id,
  emetr_phone: from.phone,
  emetr_name: from.name,
  text: 'hello',
  typePoste: '0',
  destinataires: JSON.stringify([{ phone: to.phone, name: to.name }]),
  groups: '[]',
})

describe('a socket whose session ended', () => {
  it('is told why and disconnected when its session is ended (logout)', async () => {
    const ann = await user()
    const loggedOut = await connect(ann)
    // Another session of the same phone (another browser) is not concerned.
    const { token } = await t.domain.sessions.open(ann.phone)
    const otherBrowser = await connect({ token })
    const told = nextEvent(loggedOut, 'sessionEnded')
    const gone = disconnected(loggedOut)
    await t.domain.sessions.revoke(ann.token)
    node.realtime.endSessions({ sessionKey: sessionKeyOf(ann.token) }, 'logout')
    expect(await told).toEqual({ reason: 'logout' })
    expect(await gone).toBe('io server disconnect')
    // Whatever ending the session sent the other browser came before the barrier's answer.
    await barrier(otherBrowser)
    expect(otherBrowser.connected).toBe(true)
  })

  it('all sockets of every session of a phone end on a password reset', async () => {
    const bob = await user()
    const first = await connect(bob)
    const { token } = await t.domain.sessions.open(bob.phone)
    const second = await connect({ token })
    const told = [nextEvent(first, 'sessionEnded'), nextEvent(second, 'sessionEnded')]
    node.realtime.endSessions({ phone: bob.phone }, 'password_reset')
    expect(await Promise.all(told)).toEqual([
      { reason: 'password_reset' },
      { reason: 'password_reset' },
    ])
  })

  it("a password change ends every session of the phone but the caller's", async () => {
    const cat = await user()
    const caller = await connect(cat)
    const { token } = await t.domain.sessions.open(cat.phone)
    const other = await connect({ token })
    const told = nextEvent(other, 'sessionEnded')
    const gone = disconnected(other)
    node.realtime.endSessions(
      { phone: cat.phone, keepSessionKey: sessionKeyOf(cat.token) },
      'password_change',
    )
    expect(await told).toEqual({ reason: 'password_change' })
    expect(await gone).toBe('io server disconnect')
    // Whatever ending the caller's socket was sent came before the barrier's answer.
    await barrier(caller)
    expect(caller.connected).toBe(true)
  })

  it('cannot act once it has expired: its next event is refused, stores nothing, and it is closed', async () => {
    const cat = await user()
    const dan = await user()
    await acquaint(t.domain, [cat, dan])
    // A session opened long enough ago that it ends in two seconds.
    const opened = new Date(Date.now() - SESSION_TTL_MS + 2_000)
    const { token, expiresAt } = await t.domain.sessions.open(cat.phone, opened)
    const socket = await connect({ token })
    expect(await emitAck(socket, 'message', post(cat, dan, 'before-expiry'))).toBe(1)
    // Waits for the clock, not for something to not happen: the refusal below must come.
    await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 10))
    const gone = disconnected(socket)
    const answer = await emitAck(socket, 'message', post(cat, dan, 'after-expiry'))
    expect(answer).toEqual({
      error: { code: 'unauthenticated', message: messages.api.sessionEnded },
    })
    await gone
    expect(await t.domain.posts.count(dan.phone, { scope: { kind: 'general' } })).toBe(1)
  })

  it('reads the session once, at the handshake: its events read no session', async () => {
    const kim = await user()
    const lou = await user()
    await acquaint(t.domain, [kim, lou])
    const socket = await connect(kim)
    // The first event waits for the connection's own reads to be done.
    expect(await emitAck(socket, 'message', post(kim, lou, 'first'))).toBe(1)
    const reads = sessionReads
    for (let i = 0; i < 5; i++)
      expect(await emitAck(socket, 'message', post(kim, lou, `no-read-${i}`))).toBe(1)
    expect(sessionReads).toBe(reads)
  })

  it('is closed at once when its session ended between the handshake and its rooms', async () => {
    const max = await user()
    const ned = await user()
    await acquaint(t.domain, [max, ned])
    endAfterHandshake.add(max.token)
    let open = (): void => undefined
    gates.set(sessionKeyOf(max.token), new Promise<void>((resolve) => (open = resolve)))
    const socket = await connect(max)
    const told = nextEvent(socket, 'sessionEnded')
    const gone = disconnected(socket)
    const answer = emitAck(socket, 'message', post(max, ned, 'raced-ending'))
    // The second read of the session, once the socket is in its rooms, may now answer.
    open()
    expect(await told).toEqual({ reason: 'expired' })
    expect(await gone).toBe('io server disconnect')
    await answer.catch(() => undefined)
    expect(await t.domain.posts.count(ned.phone, { scope: { kind: 'general' } })).toBe(0)
  })

  it('is closed by the sweep when its session ended unseen, even if it stays silent', async () => {
    const eve = await user()
    const socket = await connect(eve, sweeping)
    const told = nextEvent(socket, 'sessionEnded')
    await t.domain.sessions.revoke(eve.token)
    expect(await told).toEqual({ reason: 'expired' })
  })

  it('a live session keeps its socket through the sweeps', async () => {
    const fay = await user()
    const socket = await connect(fay)
    const other = await user()
    await acquaint(t.domain, [fay, other])
    expect(await emitAck(socket, 'message', post(fay, other, 'live-1'))).toBe(1)
    await node.realtime.sweepSessions()
    await node.realtime.sweepSessions()
    // A sweep that ended the socket would have sent `sessionEnded` and closed it before this
    // answer (and the barrier's event would then go unanswered).
    await barrier(socket)
    expect(socket.connected).toBe(true)
  })
})
