import type { ApiHarness } from './api-harness.js'

export interface TestUser {
  firstName: string
  lastName: string
  countryCode: string
  phoneNumber: string
  /** The canonical phone the api derives from countryCode + phoneNumber. */
  phone: string
  mail: string
  password: string
}

let next = 0
/** A fresh user; `overrides` pins fields. Phones are French mobiles, unique in a run. */
export const buildUser = (overrides: Partial<TestUser> = {}): TestUser => {
  next += 1
  const national = `6${String(10_000_000 + next).slice(-8)}`
  return {
    firstName: 'Alice',
    lastName: `Martin${next}`,
    countryCode: '+33',
    phoneNumber: `0${national}`,
    phone: `33${national}`,
    mail: `alice.${next}@example.test`,
    password: `pass-${next}-Secr3t!`,
    ...overrides,
  }
}

type Browser = ReturnType<ApiHarness['browser']>

/** Verifies the user's phone and e-mail in `browser`, through the development sender's log. */
export const verifyByOtp = async (
  h: ApiHarness,
  browser: Browser,
  user: TestUser,
): Promise<string[]> => {
  const phonePairs = { countryCode: user.countryCode, phoneNumber: user.phoneNumber }
  await browser.post('/api/otp/send').send({ nameValuePairs: phonePairs }).expect(200)
  const phoneCode = await h.lastOtp('whatsapp', user.phone)
  await browser
    .post('/api/otp/verify')
    .send({ nameValuePairs: { ...phonePairs, otp: phoneCode } })
    .expect(200)
  await browser
    .post('/api/otpEmail/send')
    .send({ nameValuePairs: { mail: user.mail } })
    .expect(200)
  const mailCode = await h.lastOtp('email', user.mail.toLowerCase())
  await browser
    .post('/api/otpEmail/verify')
    .send({ nameValuePairs: { mail: user.mail, otp: mailCode } })
    .expect(200)
  return [phoneCode, mailCode]
}

export const signUpBody = (user: TestUser) => ({
  name: `${user.firstName} ${user.lastName}`,
  phone: user.phone,
  mail: user.mail,
  password: user.password,
})

/** The whole sign-up (docs/behaviour.md, "Sign-up") in `browser`, which ends signed in. Returns the codes used. */
export const signUp = async (
  h: ApiHarness,
  browser: Browser,
  user: TestUser,
): Promise<string[]> => {
  const codes = await verifyByOtp(h, browser, user)
  await browser.post('/api/user').send(signUpBody(user)).expect(201)
  return codes
}
