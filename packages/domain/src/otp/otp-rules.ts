import { otpLength, otpLifeMs, otpMaxTries, otpResendSeconds } from '@palabre/contracts'

/** DESIGN.md, Identity: the rules every OTP follows, whatever its channel. */
export const OTP_RULES = {
  digits: otpLength,
  lifetimeMs: otpLifeMs,
  maxAttempts: otpMaxTries,
  /** Spec point 9: the resend countdown reads 0:59. */
  resendAfterMs: otpResendSeconds * 1000,
  perDestination: { limit: 5, windowMs: 60 * 60 * 1000 },
  perIp: { limit: 20, windowMs: 60 * 60 * 1000 },
} as const
