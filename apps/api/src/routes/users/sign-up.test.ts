import { messages } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness } from '../../../test/api-harness.js'
import { expectNoSecrets } from '../../../test/no-secrets.js'
import { buildUser, signUpBody } from '../../../test/sign-up-flow.js'
import { startHttpStandIn, startSmtpStandIn, twilioMessageReply } from '../../../test/stand-ins.js'
import type { HttpStandIn, SmtpStandIn } from '../../../test/stand-ins.js'
import { notVerifiedMessage } from './sign-up.js'

const SID = 'AC00000000000000000000000000000042'
let smtp: SmtpStandIn
let twilioApi: HttpStandIn
let legacy: HttpStandIn

// Real senders in this file: codes go out through the Twilio stand-in and a real SMTP server.
const boot = useApiHarness({
  get SMTP_URL() {
    return smtp.url
  },
  get TWILIO_API_BASE() {
    return twilioApi.url
  },
  get LEGACY_REGISTRATION_URL() {
    return `${legacy.url}/inscription`
  },
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: 'token-42',
  TWILIO_WHATSAPP_FROM: '+14155238886',
})
let h: ApiHarness
const secrets: string[] = []

beforeAll(async () => {
  smtp = await startSmtpStandIn()
  twilioApi = await startHttpStandIn(twilioMessageReply)
  legacy = await startHttpStandIn(() => ({ status: 200, body: { ok: true } }))
  h = await boot()
})
afterAll(async () => {
  await h.close()
  await Promise.all([smtp.close(), twilioApi.close(), legacy.close()])
})

const codeIn = (text: string): string => {
  const match = /\b(\d{6})\b/.exec(text)
  if (!match?.[1]) throw new Error(`no code in ${text}`)
  secrets.push(match[1])
  return match[1]
}

describe('the whole sign-up', () => {
  it('verifies the phone by WhatsApp and the e-mail by mail, registers, signs in and calls the legacy webhook', async () => {
    const browser = h.browser()
    const pairs = { countryCode: '+33', phoneNumber: '06 12 34 56 78' }
    secrets.push('Tr3s-secret!')

    // Steps 1-2: phone code through Twilio's WhatsApp channel.
    const whatsapp = twilioApi.nextRequest()
    await browser.post('/api/otp/send').send({ nameValuePairs: pairs }).expect(200)
    const message = new URLSearchParams((await whatsapp).body)
    expect(message.get('To')).toBe('whatsapp:+33612345678')
    const phoneCode = codeIn(message.get('Body') ?? '')
    await browser
      .post('/api/otp/verify')
      .send({ nameValuePairs: { ...pairs, otp: phoneCode } })
      .expect(200)

    // Steps 3-4: e-mail code through SMTP.
    await browser
      .post('/api/otpEmail/send')
      .send({ nameValuePairs: { mail: 'alice@example.test' } })
      .expect(200)
    const mail = smtp.mails.at(-1)
    expect(mail?.to).toEqual(['alice@example.test'])
    const mailCode = codeIn(
      mail?.raw
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n') ?? '',
    )
    await browser
      .post('/api/otpEmail/verify')
      .send({ nameValuePairs: { mail: 'alice@example.test', otp: mailCode } })
      .expect(200)

    // Step 5: the account.
    const registered = legacy.nextRequest()
    const created = await browser.post('/api/user').send({
      name: 'Alice Martin',
      phone: '33612345678',
      mail: 'alice@example.test',
      password: 'Tr3s-secret!',
    })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      message: 'Objet enregistré !',
      user: {
        nomPrenom: 'Alice Martin',
        phone: '33612345678',
        mail: 'alice@example.test',
        indicatif: '33',
        phoneDisplay: '+33 6 12 34 56 78',
      },
    })
    const session = String(created.headers['set-cookie'])
    expect(session).toMatch(/palabre_session=[^;]+;.*HttpOnly/i)
    expect(session).toMatch(/SameSite=Lax/i)

    const me = await browser.get('/api/auth/me').expect(200)
    // The profile, and the role of a newcomer (docs/organisation.md, "Roles").
    expect(me.body).toEqual({ ...created.body.user, role: 'member' })

    const webhook = await registered
    expect(webhook.method).toBe('POST')
    expect(webhook.path).toBe('/inscription')
    expect(Object.fromEntries(new URLSearchParams(webhook.body))).toEqual({
      indicatif: '33',
      numberphone: '612345678',
    })

    const stored = await h.api.ctx.domain.connection
      .collection('users')
      .findOne({ phone: '33612345678' })
    expect(stored?.passwordHash).toMatch(/^\$2b\$/)
    expect(JSON.stringify(stored)).not.toContain('Tr3s-secret!')
  })
})

describe('POST /api/user', () => {
  it('is refused (403) without any verified OTP, and creates nothing', async () => {
    const user = buildUser()
    const refused = await h.browser().post('/api/user').send(signUpBody(user))
    expect(refused.status).toBe(403)
    expect(refused.body.error.message).toBe(notVerifiedMessage.phone)
    expect(await h.api.ctx.domain.users.findByPhone(user.phone)).toBeNull()
  })

  it('is refused when only the phone was verified', async () => {
    const user = buildUser()
    const browser = h.browser()
    const pairs = { countryCode: user.countryCode, phoneNumber: user.phoneNumber }
    const whatsapp = twilioApi.nextRequest()
    await browser.post('/api/otp/send').send({ nameValuePairs: pairs }).expect(200)
    const code = codeIn(new URLSearchParams((await whatsapp).body).get('Body') ?? '')
    await browser
      .post('/api/otp/verify')
      .send({ nameValuePairs: { ...pairs, otp: code } })
      .expect(200)
    const refused = await browser.post('/api/user').send(signUpBody(user)).expect(403)
    expect(refused.body.error.message).toBe(notVerifiedMessage.mail)
  })

  it('is refused in another browser than the one that verified', async () => {
    const user = buildUser()
    await verifyWithStandIns(user)
    const refused = await h.browser().post('/api/user').send(signUpBody(user)).expect(403)
    expect(refused.body.error.message).toBe(notVerifiedMessage.phone)
  })

  it('is refused when the verification is older than 30 minutes', async () => {
    const user = buildUser()
    const browser = await verifyWithStandIns(user)
    h.clock.advance(31 * 60 * 1000)
    await browser.post('/api/user').send(signUpBody(user)).expect(403)
    expect(await h.api.ctx.domain.users.findByPhone(user.phone)).toBeNull()
  })

  it('refuses a forged proof cookie', async () => {
    const user = buildUser()
    const payload = Buffer.from(
      JSON.stringify([
        { kind: 'phone', value: user.phone, at: h.clock.now().getTime() },
        { kind: 'mail', value: user.mail, at: h.clock.now().getTime() },
      ]),
    ).toString('base64url')
    const refused = await h
      .browser()
      .post('/api/user')
      .set('Cookie', `palabre_verified=${payload}.Zm9yZ2Vk`)
      .send(signUpBody(user))
    expect(refused.status).toBe(403)
  })

  it("answers 'Objet dejà enregistré !' (409) for a registered number and changes nothing", async () => {
    const user = buildUser()
    const first = await verifyWithStandIns(user)
    await first.post('/api/user').send(signUpBody(user)).expect(201)
    const second = await verifyWithStandIns({ ...user, mail: `other.${user.mail}` })
    const again = await second.post('/api/user').send({
      ...signUpBody(user),
      mail: `other.${user.mail}`,
      name: 'Mallory Intruder',
      password: 'other-pass',
    })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({
      message: 'Objet dejà enregistré !',
      error: { code: 'conflict', message: messages.signUp.alreadyRegistered },
    })
    expect(again.headers['set-cookie'] ?? '').not.toContain('palabre_session=')
    expect((await h.api.ctx.domain.users.findByPhone(user.phone))?.nomPrenom).toBe(
      `${user.firstName} ${user.lastName}`,
    )
    expect(
      await h.api.ctx.domain.users.signIn(user.phone, user.password, '127.0.0.1'),
    ).toMatchObject({
      kind: 'ok',
    })
  })

  it.each([
    ["Côte d'Ivoire", '+225', '07 07 12 34 56', '2250707123456'],
    ['Benin', '229', '01 97 00 00 01', '2290197000001'],
  ])(
    'keys a number of %s with the 0 that belongs to it, and signs it in typed either way',
    async (_, countryCode, phoneNumber, phone) => {
      const user = buildUser({ countryCode, phoneNumber, phone })
      const browser = await verifyWithStandIns(user)
      const created = await browser.post('/api/user').send(signUpBody(user)).expect(201)
      expect(created.body.user).toMatchObject({ phone, indicatif: phone.slice(0, 3) })
      for (const typed of [phone, `${countryCode} ${phoneNumber}`])
        await h
          .browser()
          .post('/api/auth/login')
          .send({ phone: typed, password: user.password })
          .expect(200)
    },
  )

  it("refuses a number that cannot be a phone of its country with 'Format is incorrect.'", async () => {
    for (const [countryCode, phoneNumber] of [
      ['225', '07 12 34 56'],
      ['33', '06 12 34 56 0'],
    ]) {
      const refused = await h
        .browser()
        .post('/api/otp/send')
        .send({ nameValuePairs: { countryCode, phoneNumber } })
      expect(refused.status).toBe(400)
      expect(refused.body.error.message).toBe(messages.contact.formatIncorrect)
    }
    const user = buildUser()
    const browser = await verifyWithStandIns(user)
    const refused = await browser
      .post('/api/user')
      .send({ ...signUpBody(user), phone: '225712345678' })
      .expect(400)
    expect(refused.body.error.message).toBe(messages.contact.formatIncorrect)
  })

  it('checks the fields with their messages', async () => {
    const user = buildUser()
    const browser = await verifyWithStandIns(user)
    const noName = await browser
      .post('/api/user')
      .send({ ...signUpBody(user), name: '  ' })
      .expect(400)
    expect(noName.body.error.message).toBe(messages.signUp.firstNameRequired)
    const noPassword = await browser
      .post('/api/user')
      .send({ ...signUpBody(user), password: '' })
      .expect(400)
    expect(noPassword.body.error.message).toBe(messages.signUp.passwordRequired)
    const noMail = await browser
      .post('/api/user')
      .send({ ...signUpBody(user), mail: '' })
      .expect(400)
    expect(noMail.body.error.message).toBe(messages.signUp.emailRequired)
    expect(await h.api.ctx.domain.users.findByPhone(user.phone)).toBeNull()
  })
})

describe('every sign-up answer', () => {
  it('holds no password, hash or code', () => {
    expect(secrets.length).toBeGreaterThan(5)
    expectNoSecrets(h.bodies, secrets)
  })
})

/** Verifies phone and mail through the stand-ins, in a new browser. */
async function verifyWithStandIns(user: ReturnType<typeof buildUser>) {
  const browser = h.browser()
  secrets.push(user.password)
  const pairs = { countryCode: user.countryCode, phoneNumber: user.phoneNumber }
  const whatsapp = twilioApi.nextRequest()
  await browser.post('/api/otp/send').send({ nameValuePairs: pairs }).expect(200)
  const phoneCode = codeIn(new URLSearchParams((await whatsapp).body).get('Body') ?? '')
  await browser
    .post('/api/otp/verify')
    .send({ nameValuePairs: { ...pairs, otp: phoneCode } })
    .expect(200)
  const before = smtp.mails.length
  await browser
    .post('/api/otpEmail/send')
    .send({ nameValuePairs: { mail: user.mail } })
    .expect(200)
  expect(smtp.mails.length).toBe(before + 1)
  const mailCode = codeIn(
    smtp.mails
      .at(-1)
      ?.raw.split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n') ?? '',
  )
  await browser
    .post('/api/otpEmail/verify')
    .send({ nameValuePairs: { mail: user.mail, otp: mailCode } })
    .expect(200)
  return browser
}
