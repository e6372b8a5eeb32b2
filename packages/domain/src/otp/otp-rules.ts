import { otpLength, otpLifeMs, otpMaxTries, otpResendSeconds } from '@palabre/contracts'

/** The rules every OTP follows, whatever its channel (docs/security.md, "One-time codes"). */
export const OTP_RULES = {
  digits: otpLength,
  lifetimeMs: otpLifeMs,
  maxAttempts: otpMaxTries,
  /** The resend countdown reads 0:59. */
  resendAfterMs: otpResendSeconds * 1000,
  /** The limit that stops abuse: a phone or an address gets at most five codes an hour. */
  perDestination: { limit: 5, windowMs: 60 * 60 * 1000 },
} as const

/**
 * Codes sent per client address per hour, by default: a team behind one office address (200
 * people, a phone and an e-mail code each, some resent) can sign up in one morning. Configurable
 * (OTP_SENDS_PER_ADDRESS_PER_HOUR).
 */
export const DEFAULT_OTP_SENDS_PER_ADDRESS_PER_HOUR = 600
