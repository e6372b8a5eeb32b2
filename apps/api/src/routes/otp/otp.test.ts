import { messages } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness } from '../../../test/api-harness.js'
import { VERIFIED_COOKIE } from './verified-cookie.js'

const boot = useApiHarness()
let h: ApiHarness
beforeAll(async () => {
  h = await boot()
})
afterAll(() => h.close())

const phoneSend = (countryCode: string, phoneNumber: string) => ({
  nameValuePairs: { countryCode, phoneNumber },
})
const phoneVerify = (countryCode: string, phoneNumber: string, otp: string) => ({
  nameValuePairs: { countryCode, phoneNumber, otp },
})
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000')
const codes: string[] = []

describe('POST /api/otp/send and /api/otp/verify', () => {
  it('send a WhatsApp code to the canonical phone and verify it once', async () => {
    const browser = h.browser()
    const sent = await browser
      .post('/api/otp/send')
      .send(phoneSend('+33', '06 12 34 56 78'))
      .expect(200)
    expect(sent.body).toEqual({ status: 'sent', retryAfterSeconds: 59 })
    const code = await h.lastOtp('whatsapp', '33612345678')
    codes.push(code)
    expect(code).toMatch(/^\d{6}$/)

    const verified = await browser
      .post('/api/otp/verify')
      .send(phoneVerify('33', '0612345678', code))
      .expect(200)
    expect(verified.body).toEqual({ status: 'verified' })
    const cookie = String(verified.headers['set-cookie'])
    expect(cookie).toContain(`${VERIFIED_COOKIE}=`)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).not.toContain(code)

    const again = await browser
      .post('/api/otp/verify')
      .send(phoneVerify('33', '612345678', code))
      .expect(400)
    expect(again.body.error.message).toMatch(/ask for a new code/)
  })

  it('answer the wrong-code message, and set no proof', async () => {
    // Côte d'Ivoire's 0 belongs to the number: it stays in the key.
    await h.browser().post('/api/otp/send').send(phoneSend('225', '0701020304')).expect(200)
    const code = await h.lastOtp('whatsapp', '2250701020304')
    codes.push(code)
    const wrong = await h
      .browser()
      .post('/api/otp/verify')
      .send(phoneVerify('225', '0701020304', otherCode(code)))
    expect(wrong.status).toBe(400)
    expect(wrong.body).toEqual({
      error: { code: 'bad_request', message: messages.signUp.phoneOtpWrong },
    })
    expect(wrong.headers['set-cookie']).toBeUndefined()
  })

  it('refuse an expired code', async () => {
    await h.browser().post('/api/otp/send').send(phoneSend('237', '670000001')).expect(200)
    const code = await h.lastOtp('whatsapp', '237670000001')
    codes.push(code)
    h.clock.advance(10 * 60 * 1000 + 1000)
    const late = await h
      .browser()
      .post('/api/otp/verify')
      .send(phoneVerify('237', '670000001', code))
      .expect(400)
    expect(late.body.error.message).toBe('This code has expired. Please ask for a new code.')
  })

  it('need a new code after five wrong tries', async () => {
    await h.browser().post('/api/otp/send').send(phoneSend('221', '771234567')).expect(200)
    const code = await h.lastOtp('whatsapp', '221771234567')
    codes.push(code)
    for (let i = 0; i < 5; i++)
      await h
        .browser()
        .post('/api/otp/verify')
        .send(phoneVerify('221', '771234567', otherCode(code)))
        .expect(400)
    const exhausted = await h
      .browser()
      .post('/api/otp/verify')
      .send(phoneVerify('221', '771234567', code))
    expect(exhausted.status).toBe(429)
    expect(exhausted.body.error.message).toBe('Too many wrong codes. Please ask for a new code.')
  })

  it('refuse a resend within 59 seconds, saying when', async () => {
    await h.browser().post('/api/otp/send').send(phoneSend('216', '20123456')).expect(200)
    codes.push(await h.lastOtp('whatsapp', '21620123456'))
    h.clock.advance(15_000)
    const soon = await h.browser().post('/api/otp/send').send(phoneSend('216', '20123456'))
    expect(soon.status).toBe(429)
    expect(soon.headers['retry-after']).toBe('44')
    expect(soon.body.error).toMatchObject({ code: 'too_many_requests', retryAfterSeconds: 44 })
    h.clock.advance(44_000)
    await h.browser().post('/api/otp/send').send(phoneSend('216', '20123456')).expect(200)
    codes.push(await h.lastOtp('whatsapp', '21620123456'))
  })

  it('send at most five codes an hour to one phone', async () => {
    for (let i = 0; i < 5; i++) {
      await h.browser().post('/api/otp/send').send(phoneSend('44', '07400 123456')).expect(200)
      codes.push(await h.lastOtp('whatsapp', '447400123456'))
      h.clock.advance(60_000)
    }
    const refused = await h.browser().post('/api/otp/send').send(phoneSend('44', '7400 123456'))
    expect(refused.status).toBe(429)
    expect(refused.body.error.retryAfterSeconds).toBe(55 * 60)
    h.clock.advance(2 * 60 * 60 * 1000)
  })

  it('check the input with their messages and change nothing', async () => {
    const noCountry = await h
      .browser()
      .post('/api/otp/send')
      .send({ nameValuePairs: { phoneNumber: '612345678' } })
    expect(noCountry.status).toBe(400)
    expect(noCountry.body.error.message).toBe(messages.phoneStep.countryRequired)
    const unknownCountry = await h
      .browser()
      .post('/api/otp/send')
      .send(phoneSend('+49', '15112345678'))
    expect(unknownCountry.body.error.message).toBe(messages.phoneStep.countryRequired)
    const noNumber = await h.browser().post('/api/otp/send').send(phoneSend('33', ''))
    expect(noNumber.status).toBe(400)
    expect(noNumber.body.error.message).toBe(messages.phoneStep.numberRequired)
    const badCode = await h
      .browser()
      .post('/api/otp/verify')
      .send(phoneVerify('33', '612345678', '12ab56'))
    expect(badCode.status).toBe(400)
    expect(badCode.body.error.message).toBe('The code has 6 digits.')
    for (const [country, number] of [
      ['33', '06 12 34 56 0'],
      ['225', '07 01 02 03'],
      ['33', '06.12.34.56.78'],
    ] as const) {
      const notAPhone = await h.browser().post('/api/otp/send').send(phoneSend(country, number))
      expect(notAPhone.status, number).toBe(400)
      expect(notAPhone.body.error.message).toBe(messages.contact.formatIncorrect)
    }
    await expect(h.lastOtp('whatsapp', '4915112345678')).rejects.toThrow(/no code/)
  })
})

describe('POST /api/otpEmail/send and /api/otpEmail/verify', () => {
  it('send a code to the e-mail and verify it, whatever the case of the address', async () => {
    const browser = h.browser()
    await browser
      .post('/api/otpEmail/send')
      .send({ nameValuePairs: { mail: 'Alice@Example.test' } })
      .expect(200)
    const code = await h.lastOtp('email', 'alice@example.test')
    codes.push(code)
    const wrong = await browser
      .post('/api/otpEmail/verify')
      .send({ nameValuePairs: { mail: 'alice@example.test', otp: otherCode(code) } })
      .expect(400)
    expect(wrong.body.error.message).toBe(messages.signUp.emailOtpWrong)
    const ok = await browser
      .post('/api/otpEmail/verify')
      .send({ nameValuePairs: { mail: 'alice@example.TEST', otp: code } })
      .expect(200)
    expect(ok.body).toEqual({ status: 'verified' })
  })

  it('refuse an empty address with its message', async () => {
    const empty = await h
      .browser()
      .post('/api/otpEmail/send')
      .send({ nameValuePairs: { mail: '' } })
      .expect(400)
    expect(empty.body.error.message).toBe(messages.signUp.emailRequired)
  })
})

describe('every OTP answer', () => {
  it('holds no code', () => {
    expect(codes.length).toBeGreaterThan(10)
    for (const body of h.bodies) for (const code of codes) expect(body).not.toContain(code)
  })
})
