import type { ApiConfig } from '../config.js'
import { ConfigError } from '../config.js'
import type { Logger } from '../logger.js'
import { createDevMailSender, createDevWhatsappSender } from './dev-sender.js'
import { createMailSender } from './mail-sender.js'
import type { OtpSenders } from './otp-sender.js'
import { createWhatsappSender } from './whatsapp-sender.js'

/**
 * Real senders when their credentials are set; the development sender otherwise, except in
 * production, where a missing sender is a configuration error found at start-up.
 */
export const createOtpSenders = (config: ApiConfig, logger: Logger): OtpSenders => {
  const { accountSid, authToken, from, apiBase, inviteContentSid } = config.whatsapp
  const problems: string[] = []
  const production = config.env === 'production'

  let whatsapp
  if (accountSid && authToken && from)
    whatsapp = createWhatsappSender({ accountSid, authToken, from, apiBase, inviteContentSid })
  else if (production)
    problems.push(
      '  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_WHATSAPP_FROM: required in production',
    )
  else whatsapp = createDevWhatsappSender(logger, config.otpLogFile)

  let email
  if (config.mail.smtpUrl) email = createMailSender(config.mail.smtpUrl, config.mail.from)
  else if (production) problems.push('  SMTP_URL: required in production')
  else email = createDevMailSender(logger, config.otpLogFile)

  if (!whatsapp || !email) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`)
  return { whatsapp, email }
}
