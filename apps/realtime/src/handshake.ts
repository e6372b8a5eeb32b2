import { phoneRoom, sessionKeyOf } from '@palabre/domain'
import type { Domain } from '@palabre/domain'
import { parse } from 'cookie'
import type { Socket } from 'socket.io'

export const SESSION_COOKIE = 'palabre_session'

/** The room every socket of one user joins: several tabs and devices share it. */
export { phoneRoom }

/**
 * socket.io middleware: a socket is accepted only with a live session cookie, and its identity
 * is the session's phone, whatever phone the client puts in its query or auth payload.
 */
export const authenticateSocket =
  (domain: Domain) =>
  async (socket: Socket, next: (error?: Error) => void): Promise<void> => {
    try {
      const header = socket.handshake.headers.cookie
      const token = header ? parse(header)[SESSION_COOKIE] : undefined
      const phone = await domain.sessions.resolve(token)
      if (!phone || token === undefined) {
        next(new Error('unauthenticated'))
        return
      }
      socket.data.phone = phone
      socket.data.sessionKey = sessionKeyOf(token)
      next()
    } catch {
      next(new Error('unavailable'))
    }
  }
