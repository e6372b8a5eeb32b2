// A socket lives only as long as its session (docs/security.md, "Sessions"): it used to keep
// acting (ack 1 for `message`) and receiving pushes after a logout or a password reset.
import { messages } from '@palabre/contracts'
import { sessionKeyOf } from '@palabre/domain'
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
} from './testing/harness.js'
import type { RealtimeNode, TestDomain, TestUser } from './testing/harness.js'

/** Longer than this file runs: on `node`, only the sweeps a test asks for run. */
const NO_TIMED_SWEEP_MS = 60 * 60 * 1000

const db = useTestDatabase()
let t: TestDomain
/** A node whose sessions are swept only when a test says so, so no sweep races a test's events. */
let node: RealtimeNode
/** A node sweeping on its own every 200 ms, for the silent socket. */
let sweeping: RealtimeNode
const sockets: Socket[] = []
let nextPhone = 33_650_000_000

/**
 * The next session check of `node` (an event's, or a sweep's) waits until the test releases it;
 * `reached` resolves once it has started.
 */
let held: { reached(): void; release: Promise<void> } | undefined
const holdNextSessionCheck = () => {
  let release = (): void => undefined
  const reached = new Promise<void>((resolve) => {
    held = { reached: resolve, release: new Promise<void>((go) => (release = go)) }
  })
  return { reached, release: () => release() }
}

beforeAll(async () => {
  t = await openDomain(db.uri)
  const { sessions } = t.domain
  node = await startNode(
    {
      ...t.domain,
      sessions: {
        ...sessions,
        async liveKeys(keys, now) {
          const hold = held
          held = undefined
          if (hold) {
            hold.reached()
            await hold.release
          }
          return sessions.liveKeys(keys, now)
        },
      },
    },
    { sessionSweepMs: NO_TIMED_SWEEP_MS },
  )
  sweeping = await startNode(t.domain, { sessionSweepMs: 200 })
})
afterEach(() => {
  held = undefined
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

  it('cannot act any more: its next event is refused, stores nothing, and it is closed', async () => {
    const cat = await user()
    const dan = await user()
    const socket = await connect(cat)
    // The session ends where this node hears nothing of it (another api, no Redis).
    await t.domain.sessions.revoke(cat.token)
    const gone = disconnected(socket)
    const answer = await emitAck(socket, 'message', post(cat, dan, 'after-logout'))
    expect(answer).toEqual({
      error: { code: 'unauthenticated', message: messages.api.sessionEnded },
    })
    await gone
    expect(await t.domain.posts.count(dan.phone, { scope: { kind: 'general' } })).toBe(0)
  })

  // A sweep that ran while an event's own session check did used to close the socket first: the
  // client got a bare disconnect ("socket has been disconnected") instead of its refusal.
  it('gets its refusal even when a sweep runs while its event is being checked', async () => {
    const gus = await user()
    const hal = await user()
    const socket = await connect(gus)
    await t.domain.sessions.revoke(gus.token)
    const gone = disconnected(socket)
    const check = holdNextSessionCheck()
    const answer = emitAck(socket, 'message', post(gus, hal, 'during-sweep'))
    // The event has arrived and its session check is under way: now the sweep runs, and finds
    // the session ended.
    await check.reached
    await node.realtime.sweepSessions()
    check.release()
    expect(await answer).toEqual({
      error: { code: 'unauthenticated', message: messages.api.sessionEnded },
    })
    await gone
    expect(await t.domain.posts.count(hal.phone, { scope: { kind: 'general' } })).toBe(0)
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
