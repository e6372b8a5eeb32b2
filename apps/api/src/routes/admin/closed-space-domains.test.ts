// A space the environment closes to everyone but two e-mail domains (docs/organisation.md,
// "The gate"): the phone step lets anyone on, the e-mail step decides; and once an administrator
// saves settings, the environment no longer counts.
import { messages } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { buildUser, signUp, signUpBody } from '../../../test/sign-up-flow.js'
import type { TestUser } from '../../../test/sign-up-flow.js'

const boot = useApiHarness({
  ADMIN_PHONES: '+33699990100',
  SIGNUP_MODE: 'closed',
  SIGNUP_EMAIL_DOMAINS: 'Acme.test, partner.example',
})
let h: ApiHarness
let boss: Member

beforeAll(async () => {
  h = await boot()
  boss = await h.member('33699990100', 'Boss Admin')
})
afterAll(() => h.close())

type Browser = ReturnType<ApiHarness['browser']>

/** The phone step and its code, in `browser`. */
const verifyPhone = async (browser: Browser, user: TestUser) => {
  const pairs = { countryCode: user.countryCode, phoneNumber: user.phoneNumber }
  await browser.post('/api/otp/send').send({ nameValuePairs: pairs }).expect(200)
  await browser
    .post('/api/otp/verify')
    .send({ nameValuePairs: { ...pairs, otp: await h.lastOtp('whatsapp', user.phone) } })
    .expect(200)
}

const sendMailCode = (browser: Browser, mail: string) =>
  browser.post('/api/otpEmail/send').send({ nameValuePairs: { mail } })

describe('a closed space with allowed e-mail domains', () => {
  it('gives any phone a code, then refuses an address outside the domains at the e-mail step', async () => {
    const stranger = buildUser({ mail: 'stranger@gmail.example' })
    const browser = h.browser()
    await verifyPhone(browser, stranger)
    const refused = await sendMailCode(browser, stranger.mail)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toEqual({
      code: 'not_invited',
      message: messages.organisation.notInvited,
    })
    // A look-alike domain is another domain.
    expect((await sendMailCode(browser, 'x@acme.test.evil.example')).status).toBe(403)
    expect((await sendMailCode(browser, 'x@sub.acme.test')).status).toBe(403)
  })

  it('signs up a person with an address of an allowed domain, whatever its case', async () => {
    const employee = buildUser({ mail: 'Employee.One@ACME.test' })
    const browser = h.browser()
    await signUp(h, browser, employee)
    expect((await browser.get('/api/auth/me').expect(200)).body).toMatchObject({
      phone: employee.phone,
      role: 'member',
    })
  })

  it('signs up an invited phone with an address of any domain', async () => {
    const guest = buildUser({ mail: 'guest@elsewhere.example' })
    await h
      .browser()
      .post('/api/admin/invitations')
      .set('Cookie', boss.cookie)
      .send({ invitations: [{ phone: `+${guest.phone}`, name: 'Guest' }] })
      .expect(200)
    await signUp(h, h.browser(), guest)
  })

  it('refuses the sign-up of a verified address outside the domains, for an uninvited phone', async () => {
    // The e-mail was verified while the domain was allowed; the administrator then narrowed
    // the domains: POST /api/user checks again.
    const partner = buildUser({ mail: 'someone@partner.example' })
    const browser = h.browser()
    await verifyPhone(browser, partner)
    await sendMailCode(browser, partner.mail).expect(200)
    await browser
      .post('/api/otpEmail/verify')
      .send({
        nameValuePairs: { mail: partner.mail, otp: await h.lastOtp('email', partner.mail) },
      })
      .expect(200)
    await h
      .browser()
      .put('/api/admin/settings')
      .set('Cookie', boss.cookie)
      .send({ signupMode: 'closed', allowedEmailDomains: ['acme.test'] })
      .expect(200)
    const refused = await browser.post('/api/user').send(signUpBody(partner))
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('not_invited')
    expect(await h.api.ctx.domain.users.findByPhone(partner.phone)).toBeNull()
  })

  it('follows the saved settings once an administrator saves some: open to all, or closed to phones', async () => {
    await h
      .browser()
      .put('/api/admin/settings')
      .set('Cookie', boss.cookie)
      .send({ signupMode: 'open', allowedEmailDomains: [] })
      .expect(200)
    await signUp(h, h.browser(), buildUser({ mail: 'anyone@gmail.example' }))

    await h
      .browser()
      .put('/api/admin/settings')
      .set('Cookie', boss.cookie)
      .send({ signupMode: 'closed', allowedEmailDomains: [] })
      .expect(200)
    const stranger = buildUser({ mail: 'x@acme.test' })
    const refused = await h
      .browser()
      .post('/api/otp/send')
      .send({
        nameValuePairs: { countryCode: stranger.countryCode, phoneNumber: stranger.phoneNumber },
      })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('not_invited')
  })
})
