import twilio from 'twilio'
import type { WhatsappSender } from './otp-sender.js'
import { inviteText, otpText } from './otp-sender.js'

export interface WhatsappSettings {
  accountSid: string
  authToken: string
  /** The sending number, with or without the `whatsapp:` prefix. */
  from: string
  /** Replaces Twilio's API origin (tests point it at a local stand-in). */
  apiBase?: string | undefined
  /**
   * TWILIO_INVITE_CONTENT_SID: the approved content template of invitations, its variable
   * `{{1}}` being the sign-up link. Without it, invitations go as a plain message.
   */
  inviteContentSid?: string | undefined
}

const whatsappAddress = (number: string): string =>
  number.startsWith('whatsapp:') ? number : `whatsapp:${number}`

/** Sends codes and invitations as WhatsApp messages through Twilio's Messages API. */
export const createWhatsappSender = (settings: WhatsappSettings): WhatsappSender => {
  const client = twilio(settings.accountSid, settings.authToken, { timeout: 15_000 })
  // Every Messages call resolves its URL against the `api` domain's base, so this one field
  // redirects the client without touching its request or auth code.
  if (settings.apiBase) client.api.baseUrl = settings.apiBase
  const from = whatsappAddress(settings.from)
  return {
    async send(phone, code) {
      await client.messages.create({ from, to: whatsappAddress(`+${phone}`), body: otpText(code) })
    },
    async invite(phone, url) {
      const to = whatsappAddress(`+${phone}`)
      // A message a business starts must be an approved template on WhatsApp's side.
      if (settings.inviteContentSid)
        await client.messages.create({
          from,
          to,
          contentSid: settings.inviteContentSid,
          contentVariables: JSON.stringify({ 1: url }),
        })
      else await client.messages.create({ from, to, body: inviteText(url) })
    },
  }
}
