import nodemailer from 'nodemailer'
import type { OtpSender } from './otp-sender.js'
import { otpText } from './otp-sender.js'

export const OTP_MAIL_SUBJECT = 'Your Palabre verification code'

/** Sends the code by e-mail through the SMTP server of SMTP_URL. */
export const createMailSender = (smtpUrl: string, from: string): OtpSender => {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(mail, code) {
      await transport.sendMail({ from, to: mail, subject: OTP_MAIL_SUBJECT, text: otpText(code) })
    },
  }
}
