import { appendFile } from 'node:fs/promises'
import type { Logger } from '../logger.js'
import type { MailSender, OtpSender, WhatsappSender } from './otp-sender.js'

/**
 * Outside production, with no credentials: the code is written to the api's log (and to
 * OTP_LOG_FILE, where browser tests read it) instead of being sent.
 */
export const createDevSender = (
  channel: 'whatsapp' | 'email',
  logger: Logger,
  logFile: string | undefined,
): OtpSender => ({
  async send(destination, code) {
    const line = `OTP ${channel} ${destination} ${code}`
    logger.info(line)
    if (logFile) await appendFile(logFile, `${line}\n`, 'utf8')
  },
})

/**
 * The development sender of the WhatsApp channel: codes as above, and invitations as a line
 * `INVITE whatsapp <phone> <url>`, in the log and in OTP_LOG_FILE (docs/organisation.md,
 * "Invitations").
 */
export const createDevWhatsappSender = (
  logger: Logger,
  logFile: string | undefined,
): WhatsappSender => ({
  ...createDevSender('whatsapp', logger, logFile),
  async invite(phone, url) {
    const line = `INVITE whatsapp ${phone} ${url}`
    logger.info(line)
    if (logFile) await appendFile(logFile, `${line}\n`, 'utf8')
  },
})

/**
 * The development sender of the e-mail channel: codes as above, and notices as a line
 * `NOTICE email <address> <subject>` (their text holds nothing secret, but stays out of the log).
 */
export const createDevMailSender = (logger: Logger, logFile: string | undefined): MailSender => ({
  ...createDevSender('email', logger, logFile),
  async notice(destination, { subject }) {
    const line = `NOTICE email ${destination} ${subject}`
    logger.info(line)
    if (logFile) await appendFile(logFile, `${line}\n`, 'utf8')
  },
})
