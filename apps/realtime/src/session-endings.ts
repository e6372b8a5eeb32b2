import type { SessionEndedPayload } from '@palabre/contracts'
import { sessionTargetRoom, sessionTargetSpared } from '@palabre/domain'
import type { Domain, SessionTarget } from '@palabre/domain'
import type { Logger } from 'pino'
import type { RealtimeServer, RealtimeSocket } from './types.js'

/**
 * Sockets live only as long as their session (docs/security.md, "Sessions"). Three ways close
 * them, so that none is missed:
 * - the api tells us when it ends sessions (logout, password reset or change): the sockets of
 *   that session, or of every session of that phone (but the caller's at a change), are told why and disconnected, on every node
 *   (the Redis adapter carries room operations across nodes);
 * - every client event first checks that its session is still live (see events/handle.ts);
 * - a periodic sweep ends the sockets whose sessions expired or were ended unseen.
 */

/** Tells the sockets of a target why, then disconnects them (this node and the others). */
export const endSessionSockets = (
  io: RealtimeServer,
  target: SessionTarget,
  reason: SessionEndedPayload['reason'],
): void => {
  const sockets = io.in(sessionTargetRoom(target)).except(sessionTargetSpared(target))
  sockets.emit('sessionEnded', { reason })
  sockets.disconnectSockets(true)
}

/** One socket, found acting or listening on a session that is over. */
export const endSocket = (socket: RealtimeSocket, reason: SessionEndedPayload['reason']): void => {
  socket.emit('sessionEnded', { reason })
  socket.disconnect(true)
}

export interface SessionSweep {
  /** One sweep now, as the timer does every `everyMs`; resolves once its sockets are ended. */
  sweep(): Promise<void>
  stop(): void
}

/**
 * Every `everyMs`, ends this node's sockets whose sessions are no longer live. A socket with an
 * event being answered (`answering`) is left to that event: its own session check answers it
 * `unauthenticated` and then closes it (events/handle.ts), so a client whose event arrived
 * before the sweep gets its refusal instead of a bare disconnect (docs/security.md, "Sessions").
 * If the socket is still open then, the next sweep ends it.
 */
export const startSessionSweep = (
  io: RealtimeServer,
  domain: Domain,
  logger: Logger,
  everyMs: number,
  answering: (socket: RealtimeSocket) => boolean,
): SessionSweep => {
  const sweep = async () => {
    const sockets = [...io.of('/').sockets.values()]
    if (sockets.length === 0) return
    const live = await domain.sessions.liveKeys(sockets.map((socket) => socket.data.sessionKey))
    // Decided now, after the query: an event may have arrived while it ran.
    for (const socket of sockets)
      if (socket.connected && !answering(socket) && !live.has(socket.data.sessionKey))
        endSocket(socket, 'expired')
  }
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => logger.warn({ err }, 'session sweep failed'))
  }, everyMs)
  timer.unref()
  return { sweep, stop: () => clearInterval(timer) }
}
