import type { SessionEndedPayload } from '@palabre/contracts'
import { sessionTargetRoom } from '@palabre/domain'
import type { SessionTarget } from '@palabre/domain'
import { Emitter } from '@socket.io/redis-emitter'
import { createClient } from 'redis'
import type { Logger } from '../logger.js'

/**
 * Tells the realtime nodes that sessions ended, so they close those sessions' sockets at once
 * (docs/security.md, "Sessions"). The realtime nodes also check the session on every event and
 * sweep expired ones, so a notice that cannot be sent delays the closing; it never keeps a
 * socket acting on an ended session.
 */
export interface SessionEndings {
  ended(target: SessionTarget, reason: SessionEndedPayload['reason']): void
  close(): Promise<void>
}

/** When the api and the realtime server share one process (`pnpm start`): a direct call. */
export const inProcessSessionEndings = (
  endSessions: (target: SessionTarget, reason: SessionEndedPayload['reason']) => void,
): SessionEndings => ({ ended: endSessions, close: async () => {} })

/** Nothing to tell (an api without realtime nodes): the nodes' own checks close the sockets. */
export const noSessionEndings: SessionEndings = { ended: () => {}, close: async () => {} }

/**
 * Through Redis, as the socket.io adapter of the realtime nodes carries room operations: the
 * sockets are told why, then disconnected, whichever node holds them.
 */
export const redisSessionEndings = async (
  redisUrl: string,
  logger: Logger,
): Promise<SessionEndings> => {
  const client = createClient({ url: redisUrl })
  client.on('error', (err) => logger.error({ err }, 'redis (session endings) error'))
  await client.connect()
  const emitter = new Emitter(client)
  return {
    ended(target, reason) {
      const room = sessionTargetRoom(target)
      emitter.in(room).emit('sessionEnded', { reason })
      emitter.in(room).disconnectSockets(true)
    },
    close: async () => {
      await client.quit()
    },
  }
}
