import { z } from 'zod'
import { otpLength } from '../constants.js'
import { mailSchema } from '../entities/user.js'
import { errorBodySchema } from '../errors.js'
import { messages } from '../messages.js'
import { dialCodeSchema, numberPlan, phoneMessages, stripPhone } from '../phone.js'
import { defineRoute } from '../route.js'
import { noParams, noQuery } from './common.js'

const otpCodeSchema = z
  .string({ error: `The code has ${otpLength} digits.` })
  .trim()
  .regex(new RegExp(`^\\d{${otpLength}}$`), `The code has ${otpLength} digits.`)

/**
 * The number as typed in the phone step, beside its country. Kept as typed (its shape checked
 * only): the server builds the canonical phone with `canonicalPhone`, which reads it by the
 * country's number plan and needs to know whether a '+' or '00' was typed.
 */
const typedNumberSchema = z
  .string({ error: messages.phoneStep.numberRequired })
  .trim()
  .min(1, messages.phoneStep.numberRequired)
  .max(32, phoneMessages.formatIncorrect)
  .refine((value) => /^\d{4,17}$/.test(stripPhone(value)), phoneMessages.formatIncorrect)

const phoneOtpPairs = z.object({
  countryCode: dialCodeSchema,
  phoneNumber: typedNumberSchema,
})

/** The number is read by the plan of the country beside it (docs/phones.md, "Where it applies"). */
const typedBesideCountry = numberPlan({ dialCode: 'countryCode', number: 'phoneNumber' })

export const phoneOtpSendSchema = z
  .object({ nameValuePairs: phoneOtpPairs.meta(typedBesideCountry) })
  .meta({ id: 'PhoneOtpSend' })

export const phoneOtpVerifySchema = z
  .object({
    nameValuePairs: phoneOtpPairs.extend({ otp: otpCodeSchema }).meta(typedBesideCountry),
  })
  .meta({ id: 'PhoneOtpVerify' })

export const emailOtpSendSchema = z
  .object({ nameValuePairs: z.object({ mail: mailSchema }) })
  .meta({ id: 'EmailOtpSend' })

export const emailOtpVerifySchema = z
  .object({ nameValuePairs: z.object({ mail: mailSchema, otp: otpCodeSchema }) })
  .meta({ id: 'EmailOtpVerify' })

export type PhoneOtpSend = z.infer<typeof phoneOtpSendSchema>
export type PhoneOtpVerify = z.infer<typeof phoneOtpVerifySchema>
export type EmailOtpSend = z.infer<typeof emailOtpSendSchema>
export type EmailOtpVerify = z.infer<typeof emailOtpVerifySchema>

/** `retryAfterSeconds`: when a new code may be asked for (59 s after a send). */
export const otpStatusSchema = z
  .object({
    status: z.enum(['sent', 'verified']),
    retryAfterSeconds: z.number().int().nonnegative().optional(),
  })
  .meta({ id: 'OtpStatus' })

export type OtpStatus = z.infer<typeof otpStatusSchema>

// 400 bad input or wrong/expired code, 429 too soon or too many tries, 503 the sender failed.
const otpResponses = {
  200: otpStatusSchema,
  400: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
}

export const sendPhoneOtp = defineRoute({
  method: 'post',
  path: '/api/otp/send',
  summary:
    'Send a 6-digit code to the phone through WhatsApp. 403 `not_invited`: a closed space with no allowed e-mail domain, and a phone with neither an account nor an invitation.',
  tag: 'otp',
  auth: false,
  params: noParams,
  query: noQuery,
  body: phoneOtpSendSchema,
  responses: { ...otpResponses, 403: errorBodySchema },
})

export const verifyPhoneOtp = defineRoute({
  method: 'post',
  path: '/api/otp/verify',
  summary: 'Check the code sent to the phone; marks the phone verified for sign-up or reset.',
  tag: 'otp',
  auth: false,
  params: noParams,
  query: noQuery,
  body: phoneOtpVerifySchema,
  responses: otpResponses,
})

export const sendEmailOtp = defineRoute({
  method: 'post',
  path: '/api/otpEmail/send',
  summary:
    'Send a 6-digit code to the e-mail address. 403 `not_invited`: a closed space, an address outside the allowed domains and no invited phone verified in this browser.',
  tag: 'otp',
  auth: false,
  params: noParams,
  query: noQuery,
  body: emailOtpSendSchema,
  responses: { ...otpResponses, 403: errorBodySchema },
})

export const verifyEmailOtp = defineRoute({
  method: 'post',
  path: '/api/otpEmail/verify',
  summary: 'Check the code sent to the e-mail address; marks it verified for sign-up.',
  tag: 'otp',
  auth: false,
  params: noParams,
  query: noQuery,
  body: emailOtpVerifySchema,
  responses: otpResponses,
})

export const otpRoutes = { sendPhoneOtp, verifyPhoneOtp, sendEmailOtp, verifyEmailOtp } as const
