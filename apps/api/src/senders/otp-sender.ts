/** Delivers one code to one destination; throws when the code could not be handed over. */
export interface OtpSender {
  send(destination: string, code: string): Promise<void>
}

/** One sender per OTP channel. */
export interface OtpSenders {
  /** destination: the canonical phone (digits only). */
  whatsapp: OtpSender
  /** destination: the e-mail address. */
  email: OtpSender
}

export const otpText = (code: string): string =>
  `Your Palabre code is ${code}. It expires in 10 minutes. Never share it with anyone.`
