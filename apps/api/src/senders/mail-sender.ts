import nodemailer from 'nodemailer'
import type { MailSender } from './otp-sender.js'
import { otpText } from './otp-sender.js'

export const OTP_MAIL_SUBJECT = 'Your Palabre verification code'

/** Sends codes and notices by e-mail through the SMTP server of SMTP_URL. */
export const createMailSender = (smtpUrl: string, from: string): MailSender => {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(mail, code) {
      await transport.sendMail({ from, to: mail, subject: OTP_MAIL_SUBJECT, text: otpText(code) })
    },
    async notice(mail, { subject, text }) {
      await transport.sendMail({ from, to: mail, subject, text })
    },
  }
}
