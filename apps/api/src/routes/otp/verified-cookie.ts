import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Request, Response } from 'express'
import type { ApiContext } from '../../context.js'

/**
 * Proof that this browser verified a phone or an e-mail by OTP: a short-lived, httpOnly cookie
 * signed with HMAC (config.sessionSecret), listing what was verified and when. Sign-up and the
 * password reset require it; nothing is stored server-side, so any api node can check it.
 */
export const VERIFIED_COOKIE = 'palabre_verified'
export const VERIFIED_FOR_MS = 30 * 60 * 1000

export type VerifiedKind = 'phone' | 'mail'

interface Proof {
  kind: VerifiedKind
  value: string
  /** Verification time, epoch ms. */
  at: number
}

// A few entries are enough (a user who changes number mid-sign-up); the cookie stays small.
const MAX_PROOFS = 6

const sign = (secret: string, payload: string): string =>
  createHmac('sha256', secret).update(payload).digest('base64url')

const isProof = (value: unknown): value is Proof => {
  const p = value as Proof
  return (
    typeof p === 'object' &&
    p !== null &&
    (p.kind === 'phone' || p.kind === 'mail') &&
    typeof p.value === 'string' &&
    typeof p.at === 'number'
  )
}

const readProofs = (ctx: ApiContext, req: Request): Proof[] => {
  const raw: unknown = req.cookies?.[VERIFIED_COOKIE]
  if (typeof raw !== 'string') return []
  const [payload, signature] = raw.split('.')
  if (!payload || !signature) return []
  const expected = Buffer.from(sign(ctx.config.sessionSecret, payload))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return []
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed)) return []
    const since = ctx.clock().getTime() - VERIFIED_FOR_MS
    return parsed.filter(isProof).filter((p) => p.at > since)
  } catch {
    return []
  }
}

const writeProofs = (ctx: ApiContext, res: Response, proofs: Proof[]): void => {
  const options = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.secureCookies,
    path: '/api',
  }
  if (proofs.length === 0) {
    res.clearCookie(VERIFIED_COOKIE, options)
    return
  }
  const payload = Buffer.from(JSON.stringify(proofs.slice(-MAX_PROOFS))).toString('base64url')
  res.cookie(VERIFIED_COOKIE, `${payload}.${sign(ctx.config.sessionSecret, payload)}`, {
    ...options,
    maxAge: VERIFIED_FOR_MS,
  })
}

const withoutProof = (proofs: Proof[], kind: VerifiedKind, value: string): Proof[] =>
  proofs.filter((p) => !(p.kind === kind && p.value === value))

/** Records that this browser just proved it holds `value`. */
export const addVerified = (
  ctx: ApiContext,
  req: Request,
  res: Response,
  kind: VerifiedKind,
  value: string,
): void => {
  const kept = withoutProof(readProofs(ctx, req), kind, value)
  writeProofs(ctx, res, [...kept, { kind, value, at: ctx.clock().getTime() }])
}

/** Whether this browser verified `value` by OTP within the last 30 minutes. */
export const isVerified = (
  ctx: ApiContext,
  req: Request,
  kind: VerifiedKind,
  value: string,
): boolean => readProofs(ctx, req).some((p) => p.kind === kind && p.value === value)

/** Uses a proof up (after a sign-up or a reset), so one OTP serves one change. */
export const dropVerified = (
  ctx: ApiContext,
  req: Request,
  res: Response,
  kind: VerifiedKind,
  value: string,
): void => {
  writeProofs(ctx, res, withoutProof(readProofs(ctx, req), kind, value))
}
