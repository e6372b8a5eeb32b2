// A socket.io server on the Redis adapter, as the realtime nodes run, whose clients join the room
// they ask for: what the api's notices through Redis reach in tests.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdapter } from '@socket.io/redis-adapter'
import { createClient } from 'redis'
import { Server } from 'socket.io'
import { io as connectClient } from 'socket.io-client'
import type { Socket as ClientSocket } from 'socket.io-client'

export interface RoomNodes {
  /** Starts one more node; resolves with its URL. */
  start(): Promise<string>
  /** A client of the node at `url`, in `room`; resolves once connected. */
  join(url: string, room: string): Promise<ClientSocket>
  close(): Promise<void>
}

export const roomNodes = (redisUrl: string): RoomNodes => {
  const closers: (() => Promise<unknown>)[] = []
  return {
    async start() {
      const http = createServer()
      const io = new Server(http)
      const pub = createClient({ url: redisUrl })
      const sub = pub.duplicate()
      await Promise.all([pub.connect(), sub.connect()])
      io.adapter(createAdapter(pub, sub))
      // Rooms separated by spaces: a realtime node puts a socket in its phone's and its session's.
      io.on(
        'connection',
        (socket) => void socket.join(String(socket.handshake.query['room']).split(' ')),
      )
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
      closers.push(
        () => new Promise((resolve) => io.close(resolve)),
        () => pub.quit(),
        () => sub.quit(),
      )
      return `http://127.0.0.1:${(http.address() as AddressInfo).port}`
    },
    join: (url, room) =>
      new Promise((resolve) => {
        const socket = connectClient(url, {
          query: { room },
          transports: ['websocket'],
          forceNew: true,
        })
        socket.once('connect', () => resolve(socket))
        closers.push(async () => socket.close())
      }),
    async close() {
      for (const close of closers.splice(0).reverse()) await close()
    },
  }
}
