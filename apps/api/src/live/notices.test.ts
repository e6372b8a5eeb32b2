// The api announces ended sessions through Redis; the realtime nodes' socket.io adapter carries
// them to the sockets, whichever node holds them (docs/security.md, "Sessions"). Checked against
// two real socket.io servers on the Redis adapter, as the realtime nodes run.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sessionRoom } from '@palabre/domain'
import { startRedis } from '@palabre/testing'
import type { RunningRedis } from '@palabre/testing'
import { createAdapter } from '@socket.io/redis-adapter'
import { pino } from 'pino'
import { createClient } from 'redis'
import { Server } from 'socket.io'
import { io as connectClient } from 'socket.io-client'
import type { Socket as ClientSocket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisSessionEndings } from './session-endings.js'
import type { SessionEndings } from './session-endings.js'

let redis: RunningRedis
let endings: SessionEndings
const closers: (() => Promise<unknown>)[] = []

/** A socket.io server on the Redis adapter that puts each socket in the room it asks for. */
const startNode = async (): Promise<string> => {
  const http = createServer()
  const io = new Server(http)
  const pub = createClient({ url: redis.url })
  const sub = pub.duplicate()
  await Promise.all([pub.connect(), sub.connect()])
  io.adapter(createAdapter(pub, sub))
  io.on('connection', (socket) => void socket.join(String(socket.handshake.query.room)))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  closers.push(
    () => new Promise((resolve) => io.close(resolve)),
    () => pub.quit(),
    () => sub.quit(),
  )
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`
}

const join = (url: string, room: string): Promise<ClientSocket> =>
  new Promise((resolve) => {
    const socket = connectClient(url, {
      query: { room },
      transports: ['websocket'],
      forceNew: true,
    })
    socket.once('connect', () => resolve(socket))
    closers.push(async () => socket.close())
  })

beforeAll(async () => {
  redis = await startRedis()
  endings = await redisSessionEndings(redis.url, pino({ level: 'silent' }))
})
afterAll(async () => {
  await endings?.close()
  for (const close of closers.reverse()) await close()
  await redis?.stop()
})

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
    endings.ended({ sessionKey: 'k1' }, 'logout')
    expect(await Promise.all(told)).toEqual([{ reason: 'logout' }, { reason: 'logout' }])
    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect'])
    expect(bystander.connected).toBe(true)
  })
})
