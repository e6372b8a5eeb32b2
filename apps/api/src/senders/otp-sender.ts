/** Delivers one code to one destination; throws when the code could not be handed over. */
export interface OtpSender {
  send(destination: string, code: string): Promise<void>
}

/** WhatsApp also carries invitations (docs/organisation.md, "Invitations"). */
export interface WhatsappSender extends OtpSender {
  /** Sends the sign-up link to an invited phone; throws when it could not be handed over. */
  invite(phone: string, url: string): Promise<void>
}

/** A notice e-mail: no code, nothing secret (docs/security.md, "Passwords"). */
export interface NoticeMail {
  subject: string
  text: string
}

/** E-mail also carries notices, such as a password change. */
export interface MailSender extends OtpSender {
  /** Sends a notice to an address; throws when it could not be handed over. */
  notice(destination: string, mail: NoticeMail): Promise<void>
}

/** One sender per OTP channel. */
export interface OtpSenders {
  /** destination: the canonical phone (digits only). */
  whatsapp: WhatsappSender
  /** destination: the e-mail address. */
  email: MailSender
}

export const otpText = (code: string): string =>
  `Your Palabre code is ${code}. It expires in 10 minutes. Never share it with anyone.`

/** The invitation's plain message, when no content template is configured. */
export const inviteText = (url: string): string =>
  `You are invited to join Palabre. Sign up with this number here: ${url}`
