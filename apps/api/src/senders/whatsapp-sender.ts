import twilio from 'twilio'
import type { OtpSender } from './otp-sender.js'
import { otpText } from './otp-sender.js'

export interface WhatsappSettings {
  accountSid: string
  authToken: string
  /** The sending number, with or without the `whatsapp:` prefix. */
  from: string
  /** Replaces Twilio's API origin (tests point it at a local stand-in). */
  apiBase?: string | undefined
}

const whatsappAddress = (number: string): string =>
  number.startsWith('whatsapp:') ? number : `whatsapp:${number}`

/** Sends the code as a WhatsApp message through Twilio's Messages API. */
export const createWhatsappSender = (settings: WhatsappSettings): OtpSender => {
  const client = twilio(settings.accountSid, settings.authToken, { timeout: 15_000 })
  // Every Messages call resolves its URL against the `api` domain's base, so this one field
  // redirects the client without touching its request or auth code.
  if (settings.apiBase) client.api.baseUrl = settings.apiBase
  const from = whatsappAddress(settings.from)
  return {
    async send(phone, code) {
      await client.messages.create({ from, to: whatsappAddress(`+${phone}`), body: otpText(code) })
    },
  }
}
