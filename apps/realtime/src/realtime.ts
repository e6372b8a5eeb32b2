import type { Server as HttpServer } from 'node:http'
import type { Domain } from '@palabre/domain'
import { createAdapter } from '@socket.io/redis-adapter'
import type { Logger } from 'pino'
import { createClient } from 'redis'
import { Server } from 'socket.io'
import { authenticateSocket, phoneRoom } from './handshake.js'

export interface RealtimeOptions {
  httpServer: HttpServer
  domain: Domain
  logger: Logger
  /** With Redis, several realtime nodes share rooms: a post emitted on one reaches sockets on all. */
  redisUrl?: string | undefined
}

export interface Realtime {
  io: Server
  close(): Promise<void>
}

/** Attaches the socket.io server to an HTTP server (its own, or the one-process server's). */
export const createRealtime = async ({
  httpServer,
  domain,
  logger,
  redisUrl,
}: RealtimeOptions): Promise<Realtime> => {
  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: 1_000_000,
  })
  const closers: (() => Promise<unknown>)[] = []
  if (redisUrl) {
    const pub = createClient({ url: redisUrl })
    const sub = pub.duplicate()
    pub.on('error', (err) => logger.error({ err }, 'redis publisher error'))
    sub.on('error', (err) => logger.error({ err }, 'redis subscriber error'))
    await Promise.all([pub.connect(), sub.connect()])
    io.adapter(createAdapter(pub, sub))
    closers.push(() => pub.quit(), () => sub.quit())
  }
  io.use(authenticateSocket(domain))
  io.on('connection', (socket) => {
    const phone = socket.data.phone as string
    void socket.join(phoneRoom(phone))
    logger.debug({ phone, id: socket.id }, 'socket connected')
  })
  return {
    io,
    async close() {
      io.disconnectSockets(true)
      await new Promise<void>((resolve) => {
        io.close(() => resolve())
      })
      for (const close of closers) await close()
    },
  }
}
