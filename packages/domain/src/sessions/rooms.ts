/**
 * Names of the socket.io rooms both servers address (docs/security.md, "Sessions"): the realtime
 * nodes put every socket in its phone's room and its session's room; the api ends sessions by
 * naming them.
 */

/** Every open socket of one user (several tabs, devices). */
export const phoneRoom = (phone: string): string => `phone:${phone}`

/** Every socket of one session (its key, not its token). */
export const sessionRoom = (sessionKey: string): string => `session:${sessionKey}`

/** Whose sockets a session ending concerns: one session, or every session of a phone. */
export type SessionTarget = { sessionKey: string } | { phone: string }

export const sessionTargetRoom = (target: SessionTarget): string =>
  'sessionKey' in target ? sessionRoom(target.sessionKey) : phoneRoom(target.phone)
