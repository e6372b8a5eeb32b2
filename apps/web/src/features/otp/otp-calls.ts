import { otpRoutes } from '@palabre/contracts'
import { callRoute } from '../../lib/api-client'
import { countryOf } from '../../lib/phone-input'

/** The dial code digits of a chosen country ('FR' -> '33'). */
export const dialCodeOf = (countryCode: string): string =>
  (countryOf(countryCode)?.dial_code ?? '').replace(/\D/g, '')

// The number travels as typed: the server canonicalizes it (it must know whether '+' was typed).
const phonePairs = (country: string, phone: string) => ({
  countryCode: dialCodeOf(country),
  phoneNumber: phone.trim(),
})

export const sendPhoneCode = (country: string, phone: string) =>
  callRoute(otpRoutes.sendPhoneOtp, { body: { nameValuePairs: phonePairs(country, phone) } })

export const verifyPhoneCode = (country: string, phone: string, otp: string) =>
  callRoute(otpRoutes.verifyPhoneOtp, {
    body: { nameValuePairs: { ...phonePairs(country, phone), otp } },
  })

export const sendEmailCode = (mail: string) =>
  callRoute(otpRoutes.sendEmailOtp, { body: { nameValuePairs: { mail } } })

export const verifyEmailCode = (mail: string, otp: string) =>
  callRoute(otpRoutes.verifyEmailOtp, { body: { nameValuePairs: { mail, otp } } })
