/** Delivers one code to one destination; throws when the code could not be handed over. */
export interface OtpSender {
  send(destination: string, code: string): Promise<void>
}

/** WhatsApp also carries invitations (docs/organisation.md, "Invitations"). */
export interface WhatsappSender extends OtpSender {
  /** Sends the sign-up link to an invited phone; throws when it could not be handed over. */
  invite(phone: string, url: string): Promise<void>
}

/** One sender per OTP channel. */
export interface OtpSenders {
  /** destination: the canonical phone (digits only). */
  whatsapp: WhatsappSender
  /** destination: the e-mail address. */
  email: OtpSender
}

export const otpText = (code: string): string =>
  `Your Palabre code is ${code}. It expires in 10 minutes. Never share it with anyone.`

/** The invitation's plain message, when no content template is configured. */
export const inviteText = (url: string): string =>
  `You are invited to join Palabre. Sign up with this number here: ${url}`
