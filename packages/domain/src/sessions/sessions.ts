import { createHash, randomBytes } from 'node:crypto'
import type { Connection } from 'mongoose'
import { sessionModel } from './session-model.js'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')

/**
 * The name of a session that is not its secret: the sha256 of its token, as stored. Sockets are
 * grouped by it, so ending a session can reach them (docs/security.md, "Sessions").
 */
export const sessionKeyOf = (token: string): string => hashToken(token)

/**
 * Ends every live session of one person, at a password reset or change and at a deactivation
 * (docs/security.md, "Sessions"); `keep` spares one session, the caller's at a password change.
 */
export const endSessionsOf = async (
  connection: Connection,
  phone: string,
  now: Date,
  { keep }: { keep?: string } = {},
): Promise<void> => {
  await sessionModel(connection).updateMany(
    {
      phone,
      revokedAt: null,
      ...(keep === undefined ? {} : { tokenHash: { $ne: hashToken(keep) } }),
    },
    { $set: { revokedAt: now } },
  )
}

export interface SessionService {
  /** Opens a session for a phone and returns the opaque token for the cookie. */
  open(phone: string, now?: Date): Promise<{ token: string; expiresAt: Date }>
  /** The phone of a live session, or null when missing, expired or revoked. */
  resolve(token: string | undefined, now?: Date): Promise<string | null>
  /** A live session's phone and end, or null when missing, expired or revoked. */
  find(token: string | undefined, now?: Date): Promise<{ phone: string; expiresAt: Date } | null>
  revoke(token: string, now?: Date): Promise<void>
  /** Of these session keys, the ones still live (not revoked, not expired). */
  liveKeys(keys: readonly string[], now?: Date): Promise<Set<string>>
}

export const createSessionService = (connection: Connection): SessionService => {
  const Session = sessionModel(connection)
  const find: SessionService['find'] = async (token, now = new Date()) => {
    if (!token || token.length > 200) return null
    const session = await Session.findOne({ tokenHash: hashToken(token) }).lean()
    if (!session || session.revokedAt || session.expiresAt <= now) return null
    return { phone: session.phone, expiresAt: session.expiresAt }
  }
  return {
    async open(phone, now = new Date()) {
      const token = randomBytes(32).toString('base64url')
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
      await Session.create({ tokenHash: hashToken(token), phone, createdAt: now, expiresAt })
      return { token, expiresAt }
    },
    find,
    async resolve(token, now = new Date()) {
      return (await find(token, now))?.phone ?? null
    },
    async revoke(token, now = new Date()) {
      await Session.updateOne({ tokenHash: hashToken(token) }, { $set: { revokedAt: now } })
    },
    async liveKeys(keys, now = new Date()) {
      if (keys.length === 0) return new Set()
      const live = await Session.find({
        tokenHash: { $in: [...new Set(keys)] },
        revokedAt: null,
        expiresAt: { $gt: now },
      })
        .select({ tokenHash: 1, _id: 0 })
        .lean()
      return new Set(live.map((session) => session.tokenHash))
    },
  }
}
