import { phoneRoom, sessionKeyOf } from '@palabre/domain'
import type { Domain } from '@palabre/domain'
import { parse } from 'cookie'
import type { Socket } from 'socket.io'

export const SESSION_COOKIE = 'palabre_session'

/** The room every socket of one user joins: several tabs and devices share it. */
export { phoneRoom }

/**
 * socket.io middleware: a socket is accepted only with a live session cookie, and its identity
 * is the session's phone, whatever phone the client puts in its query or auth payload. The
 * session is read here once; its end is kept on the socket, and endings before it are pushed
 * (docs/security.md, "Sessions").
 */
export const authenticateSocket =
  (domain: Domain) =>
  async (socket: Socket, next: (error?: Error) => void): Promise<void> => {
    try {
      const header = socket.handshake.headers.cookie
      const token = header ? parse(header)[SESSION_COOKIE] : undefined
      const session = await domain.sessions.find(token)
      if (!session || token === undefined) {
        next(new Error('unauthenticated'))
        return
      }
      socket.data.phone = session.phone
      socket.data.sessionKey = sessionKeyOf(token)
      socket.data.sessionExpiresAt = session.expiresAt.getTime()
      next()
    } catch {
      next(new Error('unavailable'))
    }
  }
