import { messages } from '@palabre/contracts'
import type { Response } from 'express'
import type { ApiContext } from '../../context.js'
import { HttpError } from '../../http/http-error.js'
import { SESSION_COOKIE, sessionCookieOptions } from '../../http/session-cookie.js'

/**
 * Opens a session for a phone and hands its token to the browser as the httpOnly cookie. The
 * account is read again once the session exists: a deactivation that landed meanwhile either
 * is seen here (the session is revoked and refused) or revoked this session itself
 * (docs/organisation.md, "Deactivation").
 */
export const startSession = async (
  ctx: ApiContext,
  res: Response,
  phone: string,
): Promise<void> => {
  const { token, expiresAt } = await ctx.domain.sessions.open(phone)
  if (await ctx.domain.users.isDeactivated(phone)) {
    await ctx.domain.sessions.revoke(token)
    throw new HttpError('deactivated', messages.organisation.deactivated)
  }
  res.cookie(SESSION_COOKIE, token, sessionCookieOptions(ctx.config.secureCookies, expiresAt))
}

export const clearSessionCookie = (ctx: ApiContext, res: Response): void => {
  res.clearCookie(SESSION_COOKIE, sessionCookieOptions(ctx.config.secureCookies))
}
