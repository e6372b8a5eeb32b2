import type { APIRequestContext, APIResponse } from '@playwright/test'
import { nextOtp, otpCount } from './otp-log'
import { freshMail, freshPhone } from './people'

/** An account made for a test: the number as a person types it in France, and its password. */
export interface Account {
  name: string
  /** Typed beside France in the phone fields ('06 12345678'). */
  typed: string
  /** The account's key ('3361234…'). */
  phone: string
  password: string
}

const ok = async (response: APIResponse) => {
  if (!response.ok()) throw new Error(`${response.status()} ${await response.text()}`)
}

/**
 * Signs a person up through the real REST calls (both codes read from the development sender's
 * log) with `request`, whose cookies are not a page's: the browser under test is left signed
 * out, to sign in through the screens.
 */
export const createAccount = async (
  request: APIRequestContext,
  name: string,
  password = 'Language-secret-1',
  /** A French number of the test's choosing (the administrator's); a fresh one by default. */
  phone: { typed: string; account: string } = freshPhone(),
): Promise<Account> => {
  const mail = freshMail()
  const pairs = { countryCode: '+33', phoneNumber: phone.typed }
  const codesBefore = await otpCount('whatsapp', phone.account)
  await ok(await request.post('/api/otp/send', { data: { nameValuePairs: pairs } }))
  const phoneCode = await nextOtp('whatsapp', phone.account, codesBefore)
  await ok(
    await request.post('/api/otp/verify', {
      data: { nameValuePairs: { ...pairs, otp: phoneCode } },
    }),
  )
  await ok(await request.post('/api/otpEmail/send', { data: { nameValuePairs: { mail } } }))
  const mailCode = await nextOtp('email', mail, 0)
  await ok(
    await request.post('/api/otpEmail/verify', {
      data: { nameValuePairs: { mail, otp: mailCode } },
    }),
  )
  await ok(
    await request.post('/api/user', { data: { name, phone: phone.account, mail, password } }),
  )
  return { name, typed: phone.typed, phone: phone.account, password }
}
