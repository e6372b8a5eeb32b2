import { messages } from '@palabre/contracts'

/**
 * What the OTP calls answer. The wrong-code and send-failure texts are the product's (docs/behaviour.md, "Messages");
 * the others say plainly what to do next.
 */
export const otpMessages = {
  whatsapp: {
    wrong: messages.signUp.phoneOtpWrong,
    sendFailed: messages.signUp.phoneOtpSendFailed,
  },
  email: {
    wrong: messages.signUp.emailOtpWrong,
    sendFailed: messages.signUp.emailOtpSendFailed,
  },
  missing: 'No code is pending here. Please ask for a new code.',
  expired: 'This code has expired. Please ask for a new code.',
  exhausted: 'Too many wrong codes. Please ask for a new code.',
  tooSoon: (wait: string) => `A code was just sent. You can ask for a new one in ${wait}.`,
  rateLimited: (wait: string) => `Too many codes were asked for. Please try again in ${wait}.`,
} as const
