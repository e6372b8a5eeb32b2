import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Request, Response } from 'express'
import type { ApiContext } from '../../context.js'

/**
 * Proof that this browser verified a phone or an e-mail by OTP: a short-lived, httpOnly cookie
 * signed with HMAC (config.sessionSecret), listing what was verified, when, and a random id per
 * proof. Sign-up and the password reset require it. Any api node can check it; using it records
 * its id as spent in the database, so a copy of the cookie replayed later is refused
 * (docs/security.md, "One use per OTP proof").
 */
export const VERIFIED_COOKIE = 'palabre_verified'
export const VERIFIED_FOR_MS = 30 * 60 * 1000

export type VerifiedKind = 'phone' | 'mail'

export interface Proof {
  kind: VerifiedKind
  value: string
  /** Verification time, epoch ms. */
  at: number
  /** Random: the key under which the proof is spent. */
  id: string
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
    typeof p.at === 'number' &&
    typeof p.id === 'string'
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
  writeProofs(ctx, res, [...kept, { kind, value, at: ctx.clock().getTime(), id: randomUUID() }])
}

/** This browser's proof that it verified `value` by OTP within the last 30 minutes, if any. */
export const findVerified = (
  ctx: ApiContext,
  req: Request,
  kind: VerifiedKind,
  value: string,
): Proof | undefined => readProofs(ctx, req).find((p) => p.kind === kind && p.value === value)

/** Everything of a kind this browser verified by OTP within the last 30 minutes. */
export const verifiedValues = (ctx: ApiContext, req: Request, kind: VerifiedKind): string[] =>
  readProofs(ctx, req)
    .filter((p) => p.kind === kind)
    .map((p) => p.value)

/**
 * Uses proofs up before the change they allow (a sign-up, a reset), so one OTP serves one
 * change: false when one of them was already spent (the cookie was copied and replayed). The
 * browser's cookie forgets them either way.
 */
export const spendVerified = async (
  ctx: ApiContext,
  req: Request,
  res: Response,
  proofs: readonly Proof[],
): Promise<boolean> => {
  let fresh = true
  for (const proof of proofs) {
    const expiresAt = new Date(proof.at + VERIFIED_FOR_MS)
    if (!(await ctx.domain.proofs.spend(proof.id, expiresAt))) fresh = false
  }
  const spent = new Set(proofs.map((proof) => proof.id))
  writeProofs(
    ctx,
    res,
    readProofs(ctx, req).filter((proof) => !spent.has(proof.id)),
  )
  return fresh
}

export const proofSpentMessage =
  'This verification has already been used. Please ask for a new code.'
