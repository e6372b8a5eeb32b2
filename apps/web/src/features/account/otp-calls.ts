import { otpRoutes } from '@palabre/contracts'
import { callRoute } from '../../lib/api-client'
import { dialCodeFor } from '../../lib/phone-input'

// The number travels as typed beside its country's dial code: the server canonicalises it
// (docs/behaviour.md, "Phone numbers"), reading it by that country's number plan.
const phonePairs = (country: string, phone: string) => ({
  countryCode: dialCodeFor(country),
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
