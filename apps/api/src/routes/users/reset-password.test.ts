import { messages } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness } from '../../../test/api-harness.js'
import { expectNoSecrets } from '../../../test/no-secrets.js'
import { buildUser, signUp } from '../../../test/sign-up-flow.js'
import type { TestUser } from '../../../test/sign-up-flow.js'
import { proofSpentMessage } from '../otp/verified-cookie.js'
import { passwordUpdatedMessage, resetNotVerifiedMessage } from './reset-password.js'

const boot = useApiHarness()
let h: ApiHarness
const secrets: string[] = []

beforeAll(async () => {
  h = await boot()
})
afterAll(() => h.close())

type Browser = ReturnType<ApiHarness['browser']>

/** Forgot-password steps 1 and 2: the phone proved by a WhatsApp code in `browser`. */
const verifyPhone = async (
  browser: Browser,
  countryCode: string,
  phoneNumber: string,
  phone: string,
) => {
  const pairs = { countryCode, phoneNumber }
  await browser.post('/api/otp/send').send({ nameValuePairs: pairs }).expect(200)
  const code = await h.lastOtp('whatsapp', phone)
  secrets.push(code)
  await browser
    .post('/api/otp/verify')
    .send({ nameValuePairs: { ...pairs, otp: code } })
    .expect(200)
}

const registered = async (): Promise<TestUser> => {
  const user = buildUser()
  secrets.push(user.password, ...(await signUp(h, h.browser(), user)))
  h.clock.advance(60_000)
  return user
}

const updatePass = (browser: Browser, phone: string, password: string) =>
  browser.post('/api/updatePass').send({ nameValuePairs: { phone, password } })

describe('POST /api/updatePass', () => {
  it('sets the new password after an OTP, and ends every session of the phone', async () => {
    const user = await registered()
    const elsewhere = h.browser()
    await elsewhere
      .post('/api/auth/login')
      .send({ phone: user.phone, password: user.password })
      .expect(200)

    const browser = h.browser()
    await verifyPhone(browser, user.countryCode, user.phoneNumber, user.phone)
    secrets.push('brand-new-Pa55')
    const res = await updatePass(browser, user.phone, 'brand-new-Pa55')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: passwordUpdatedMessage })

    await elsewhere.get('/api/auth/me').expect(401)
    await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: user.phone, password: user.password })
      .expect(401)
    await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: user.phone, password: 'brand-new-Pa55' })
      .expect(200)
    // One verification, one reset.
    await updatePass(browser, user.phone, 'yet-another').expect(403)
  })

  it('answers 403 when this browser did not verify the phone, and changes nothing', async () => {
    const user = await registered()
    const res = await updatePass(h.browser(), user.phone, 'hijack')
    expect(res.status).toBe(403)
    expect(res.body.error.message).toBe(resetNotVerifiedMessage)
    // A proof for another phone does not count either.
    const other = h.browser()
    await verifyPhone(other, '+33', '0799999999', '33799999999')
    await updatePass(other, user.phone, 'hijack').expect(403)
    await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: user.phone, password: user.password })
      .expect(200)
  })

  it("answers 404 'No account found with this phone number.' for an unknown number", async () => {
    const browser = h.browser()
    await verifyPhone(browser, '229', '01 97 00 00 00', '2290197000000')
    const res = await updatePass(browser, '2290197000000', 'whatever-1')
    expect(res.status).toBe(404)
    expect(res.body.error.message).toBe(messages.reset.notFound)
    expect(await h.api.ctx.domain.users.findByPhone('2290197000000')).toBeNull()
  })

  it('refuses a copy of the proof replayed from another client after its owner used it', async () => {
    const user = await registered()
    const browser = h.browser()
    const pairs = { countryCode: user.countryCode, phoneNumber: user.phoneNumber }
    await browser.post('/api/otp/send').send({ nameValuePairs: pairs }).expect(200)
    const code = await h.lastOtp('whatsapp', user.phone)
    secrets.push(code)
    const verified = await browser
      .post('/api/otp/verify')
      .send({ nameValuePairs: { ...pairs, otp: code } })
      .expect(200)
    // What an eavesdropper captures: the proof cookie as the server set it.
    const captured = [verified.headers['set-cookie'] ?? []]
      .flat()
      .map((cookie: string) => cookie.split(';')[0])
      .find((cookie) => cookie?.startsWith('palabre_verified='))
    expect(captured).toBeDefined()

    secrets.push('owner-New-Pa55', 'attacker-Pa55')
    await updatePass(browser, user.phone, 'owner-New-Pa55').expect(200)
    const replay = await h
      .browser()
      .post('/api/updatePass')
      .set('Cookie', captured!)
      .send({ nameValuePairs: { phone: user.phone, password: 'attacker-Pa55' } })
      .expect(403)
    expect(replay.body.error.message).toBe(proofSpentMessage)
    await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: user.phone, password: 'owner-New-Pa55' })
      .expect(200)
  })

  it('finds the account of a number sent with its trunk 0, and refuses one that is no phone', async () => {
    const user = await registered()
    const browser = h.browser()
    await verifyPhone(browser, user.countryCode, user.phoneNumber, user.phone)
    const notAPhone = await updatePass(browser, '3306123', 'new-Pa55-word').expect(400)
    expect(notAPhone.body.error.message).toBe(messages.contact.formatIncorrect)
    // '+33 0612…' as the original clients sent it: the sign-up's key, 336…
    await updatePass(browser, `+33 ${user.phoneNumber}`, 'new-Pa55-word').expect(200)
    await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: user.phone, password: 'new-Pa55-word' })
      .expect(200)
  })

  it('checks the password field', async () => {
    const user = await registered()
    const browser = h.browser()
    await verifyPhone(browser, user.countryCode, user.phoneNumber, user.phone)
    const empty = await updatePass(browser, user.phone, '').expect(400)
    expect(empty.body.error.message).toBe(messages.reset.passwordRequired)
  })
})

describe('every reset answer', () => {
  it('holds no password, hash or code', () => {
    expectNoSecrets(h.bodies, secrets)
  })
})
