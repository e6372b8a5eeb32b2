import type { otpRoutes } from '@palabre/contracts'
import { messages, otpResendSeconds } from '@palabre/contracts'
import { typedPhoneKey } from '@palabre/domain'
import type { OtpChannel } from '@palabre/domain'
import type { Request, Response } from 'express'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { HttpError } from '../../http/http-error.js'

import { otpMessages } from './otp-messages.js'
import { retryLater, waitText } from '../../http/retry-later.js'
import { addVerified, verifiedValues } from './verified-cookie.js'

/**
 * The phone an OTP step names, as the person typed it beside their country: its canonical key
 * (docs/behaviour.md, "Phone numbers"), the one sign-up stores and the reset and sign-in find.
 * A number that cannot be a phone of that country is refused ('Format is incorrect.').
 */
export const otpPhone = (countryCode: string, phoneNumber: string): string =>
  typedPhoneKey(phoneNumber, countryCode)

/** E-mail addresses are compared case-insensitively. */
export const otpMail = (mail: string): string => mail.trim().toLowerCase()

const sendCode = async (
  ctx: ApiContext,
  req: Request,
  res: Response,
  channel: OtpChannel,
  destination: string,
) => {
  const issued = await ctx.domain.otp.issue(channel, destination, req.ip ?? 'unknown')
  if (issued.kind === 'too_soon')
    throw retryLater(
      res,
      otpMessages.tooSoon(waitText(issued.retryAfterSeconds)),
      issued.retryAfterSeconds,
    )
  if (issued.kind === 'rate_limited')
    throw retryLater(
      res,
      otpMessages.rateLimited(waitText(issued.retryAfterSeconds)),
      issued.retryAfterSeconds,
    )
  try {
    await ctx.otpSenders[channel].send(destination, issued.code)
  } catch (err) {
    ctx.logger.error({ err, channel }, 'OTP could not be sent')
    await ctx.domain.otp.cancel(channel, destination, issued.code)
    throw new HttpError('unavailable', otpMessages[channel].sendFailed)
  }
  return {
    status: 200 as const,
    body: { status: 'sent' as const, retryAfterSeconds: otpResendSeconds },
  }
}

const checkCode = async (
  ctx: ApiContext,
  channel: OtpChannel,
  destination: string,
  code: string,
) => {
  const result = await ctx.domain.otp.verify(channel, destination, code)
  if (result === 'wrong') throw new HttpError('bad_request', otpMessages[channel].wrong)
  if (result === 'missing') throw new HttpError('bad_request', otpMessages.missing)
  if (result === 'expired') throw new HttpError('bad_request', otpMessages.expired)
  if (result === 'exhausted') throw new HttpError('too_many_requests', otpMessages.exhausted)
}

export const otpHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof otpRoutes> => {
  return {
    sendPhoneOtp: async ({ body, req, res }) => {
      const { countryCode, phoneNumber } = body.nameValuePairs
      const phone = otpPhone(countryCode, phoneNumber)
      // The sign-up and the password reset share this step; a phone with an account passes the
      // gate, so the reset is never refused here (docs/organisation.md, "The gate").
      const [admitted, deactivated] = await Promise.all([
        ctx.domain.organisation.gate.atPhoneStep(phone),
        ctx.domain.users.isDeactivated(phone),
      ])
      // A deactivated account gets no code: no reset, no way back in (docs/organisation.md).
      if (deactivated) throw new HttpError('deactivated', messages.organisation.deactivated)
      if (!admitted) throw new HttpError('not_invited', messages.organisation.notInvited)
      return sendCode(ctx, req, res, 'whatsapp', phone)
    },
    verifyPhoneOtp: async ({ body, req, res }) => {
      const { countryCode, phoneNumber, otp } = body.nameValuePairs
      const phone = otpPhone(countryCode, phoneNumber)
      await checkCode(ctx, 'whatsapp', phone, otp)
      addVerified(ctx, req, res, 'phone', phone)
      return { status: 200, body: { status: 'verified' } }
    },
    sendEmailOtp: async ({ body, req, res }) => {
      const mail = otpMail(body.nameValuePairs.mail)
      // The phones this browser verified just before tell an invited person from a stranger
      // (docs/organisation.md, "The gate").
      const phones = verifiedValues(ctx, req, 'phone')
      if (!(await ctx.domain.organisation.gate.atMailStep(mail, phones)))
        throw new HttpError('not_invited', messages.organisation.notInvited)
      return sendCode(ctx, req, res, 'email', mail)
    },
    verifyEmailOtp: async ({ body, req, res }) => {
      const mail = otpMail(body.nameValuePairs.mail)
      await checkCode(ctx, 'email', mail, body.nameValuePairs.otp)
      addVerified(ctx, req, res, 'mail', mail)
      return { status: 200, body: { status: 'verified' } }
    },
  }
}
