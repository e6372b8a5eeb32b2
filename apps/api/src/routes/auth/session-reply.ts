import type { Response } from 'express'
import type { ApiContext } from '../../context.js'
import { SESSION_COOKIE, sessionCookieOptions } from '../../http/session-cookie.js'

/** Opens a session for a phone and hands its token to the browser as the httpOnly cookie. */
export const startSession = async (
  ctx: ApiContext,
  res: Response,
  phone: string,
): Promise<void> => {
  const { token, expiresAt } = await ctx.domain.sessions.open(phone)
  res.cookie(SESSION_COOKIE, token, sessionCookieOptions(ctx.config.secureCookies, expiresAt))
}

export const clearSessionCookie = (ctx: ApiContext, res: Response): void => {
  res.clearCookie(SESSION_COOKIE, sessionCookieOptions(ctx.config.secureCookies))
}
