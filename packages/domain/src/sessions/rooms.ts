/**
 * Names of the socket.io rooms both servers address (docs/security.md, "Sessions"): the realtime
 * nodes put every socket in its phone's room and its session's room; the api ends sessions by
 * naming them.
 */

/** Every open socket of one user (several tabs, devices). */
export const phoneRoom = (phone: string): string => `phone:${phone}`

/** Every socket of one session (its key, not its token). */
export const sessionRoom = (sessionKey: string): string => `session:${sessionKey}`

/**
 * Whose sockets a session ending concerns: one session, or every session of a phone, but for
 * `keepSessionKey`'s (the caller's, at a password change) when given.
 */
export type SessionTarget = { sessionKey: string } | { phone: string; keepSessionKey?: string }

export const sessionTargetRoom = (target: SessionTarget): string =>
  'sessionKey' in target ? sessionRoom(target.sessionKey) : phoneRoom(target.phone)

/** The rooms a target spares: the kept session's, or none. */
export const sessionTargetSpared = (target: SessionTarget): string[] =>
  'keepSessionKey' in target && target.keepSessionKey !== undefined
    ? [sessionRoom(target.keepSessionKey)]
    : []
