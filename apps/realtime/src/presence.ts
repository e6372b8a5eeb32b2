import { randomUUID } from 'node:crypto'
import { PRESENCE_BEAT_MS } from '@palabre/domain'
import type { Domain } from '@palabre/domain'
import type { Logger } from 'pino'
import type { RealtimeSocket } from './types.js'

export interface NodePresence {
  node: string
  track(socket: RealtimeSocket): void
  stop(): Promise<void>
}

/** The handshake's web flag: a socket is a web socket unless its handshake says `web=false`. */
const isWebSocket = (socket: RealtimeSocket): boolean => {
  const flag =
    socket.handshake.query['web'] ?? (socket.handshake.auth as Record<string, unknown>)['web']
  return !(flag === 'false' || flag === '0' || flag === false)
}

/**
 * Records this node's live sockets in the database so the api (another process) can answer
 * GET /api/userSocketWeb; the node beats every 30 s so a crashed node's sockets stop counting.
 */
export const startNodePresence = async (domain: Domain, logger: Logger): Promise<NodePresence> => {
  const node = randomUUID()
  const fail = (what: string) => (err: unknown) => logger.error({ err, node }, what)
  await domain.presence.beat(node)
  const timer = setInterval(
    () => void domain.presence.beat(node).catch(fail('presence beat failed')),
    PRESENCE_BEAT_MS,
  )
  timer.unref()
  return {
    node,
    track(socket) {
      const entry = {
        socketId: socket.id,
        phone: socket.data.phone,
        node,
        web: isWebSocket(socket),
      }
      void domain.presence.connected(entry).catch(fail('presence write failed'))
      socket.on(
        'disconnect',
        () => void domain.presence.disconnected(socket.id).catch(fail('presence clear failed')),
      )
    },
    async stop() {
      clearInterval(timer)
      await domain.presence.clearNode(node).catch(fail('presence clear failed'))
    },
  }
}
