import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Connection } from 'mongoose'
import { otpModel } from './otp-model.js'
import type { OtpChannel } from './otp-model.js'
import { DEFAULT_OTP_SENDS_PER_ADDRESS_PER_HOUR, OTP_RULES } from './otp-rules.js'
import type { RateLimiter } from './rate-limiter.js'
import { isDuplicateKey } from '../database.js'

export type { OtpChannel }

export type OtpSendResult =
  | { kind: 'issued'; code: string; expiresAt: Date }
  /** A code went out less than 59 s ago. */
  | { kind: 'too_soon'; retryAfterSeconds: number }
  /** Too many codes for this destination or from this address in the last hour. */
  | { kind: 'rate_limited'; retryAfterSeconds: number }

export type OtpVerifyResult = 'ok' | 'wrong' | 'expired' | 'exhausted' | 'missing'

export interface OtpService {
  /** Issues a new code for a destination; the caller sends it, and calls `cancel` if that fails. */
  issue(channel: OtpChannel, destination: string, ip: string): Promise<OtpSendResult>
  /** Withdraws a code that could not be delivered, so the user may ask again at once. */
  cancel(channel: OtpChannel, destination: string, code: string): Promise<void>
  /** Checks a code; a right code is used up, a wrong one costs one of the five tries. */
  verify(channel: OtpChannel, destination: string, code: string): Promise<OtpVerifyResult>
}

const hashCode = (salt: string, code: string): string =>
  createHash('sha256').update(`${salt}:${code}`).digest('hex')

const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

const newCode = (): string =>
  String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, '0')

const secondsUntil = (at: number, now: Date): number =>
  Math.max(1, Math.ceil((at - now.getTime()) / 1000))

export const createOtpService = (
  connection: Connection,
  limiter: RateLimiter,
  clock: () => Date,
  sendsPerAddressPerHour = DEFAULT_OTP_SENDS_PER_ADDRESS_PER_HOUR,
): OtpService => {
  const Otp = otpModel(connection)
  const perAddress = { limit: sendsPerAddressPerHour, windowMs: 60 * 60 * 1000 }
  return {
    async issue(channel, destination, ip) {
      const now = clock()
      const resendFrom = new Date(now.getTime() - OTP_RULES.resendAfterMs)
      const live = await Otp.findOne({ channel, destination }).select({ sentAt: 1 }).lean()
      if (live && live.sentAt > resendFrom)
        return {
          kind: 'too_soon',
          retryAfterSeconds: secondsUntil(live.sentAt.getTime() + OTP_RULES.resendAfterMs, now),
        }
      const byIp = await limiter.consume(`otp-send:ip:${ip}`, perAddress, now)
      if (!byIp.allowed) return { kind: 'rate_limited', retryAfterSeconds: byIp.retryAfterSeconds }
      const byDestination = await limiter.consume(
        `otp-send:${channel}:${destination}`,
        OTP_RULES.perDestination,
        now,
      )
      if (!byDestination.allowed)
        return { kind: 'rate_limited', retryAfterSeconds: byDestination.retryAfterSeconds }

      const code = newCode()
      const salt = randomBytes(16).toString('hex')
      const expiresAt = new Date(now.getTime() + OTP_RULES.lifetimeMs)
      try {
        // The filter repeats the 59 s gate, so two racing sends cannot both replace the code:
        // the loser's upsert hits the unique index.
        await Otp.updateOne(
          { channel, destination, sentAt: { $lte: resendFrom } },
          { $set: { salt, codeHash: hashCode(salt, code), sentAt: now, expiresAt, attempts: 0 } },
          { upsert: true },
        )
      } catch (error) {
        if (!isDuplicateKey(error)) throw error
        return { kind: 'too_soon', retryAfterSeconds: Math.ceil(OTP_RULES.resendAfterMs / 1000) }
      }
      return { kind: 'issued', code, expiresAt }
    },

    async cancel(channel, destination, code) {
      const live = await Otp.findOne({ channel, destination }).lean()
      if (live && sameHash(live.codeHash, hashCode(live.salt, code)))
        await Otp.deleteOne({ _id: live._id })
    },

    async verify(channel, destination, code) {
      const now = clock()
      // Count the try before comparing, atomically: parallel guesses cannot exceed five.
      const live = await Otp.findOneAndUpdate(
        { channel, destination, attempts: { $lt: OTP_RULES.maxAttempts }, expiresAt: { $gt: now } },
        { $inc: { attempts: 1 } },
        { new: true },
      ).lean()
      if (!live) {
        const stale = await Otp.findOne({ channel, destination }).select({ expiresAt: 1 }).lean()
        if (!stale) return 'missing'
        return stale.expiresAt <= now ? 'expired' : 'exhausted'
      }
      if (!sameHash(live.codeHash, hashCode(live.salt, code))) return 'wrong'
      await Otp.deleteOne({ _id: live._id })
      return 'ok'
    },
  }
}
