import type { CookieOptions, Request } from 'express'

export const SESSION_COOKIE = 'palabre_session'

export const sessionCookieOptions = (secure: boolean, expires?: Date): CookieOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  secure,
  path: '/',
  ...(expires ? { expires } : {}),
})

export const readSessionToken = (req: Request): string | undefined => {
  const value: unknown = req.cookies?.[SESSION_COOKIE]
  return typeof value === 'string' && value.length > 0 ? value : undefined
}
