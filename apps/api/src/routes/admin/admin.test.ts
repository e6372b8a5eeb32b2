// The organisation through the api (docs/organisation.md), in a space the environment closes
// (SIGNUP_MODE=closed, no allowed domain) with one administrator named in ADMIN_PHONES. Codes and
// invitations go through the development sender, whose lines the harness reads.
import { messages } from '@palabre/contracts'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { buildUser, signUp, signUpBody, verifyByOtp } from '../../../test/sign-up-flow.js'
import type { TestUser } from '../../../test/sign-up-flow.js'
import { invitationLink, noOriginMessage } from './admin.js'

/** The administrator of ADMIN_PHONES, typed as an operator would. */
const BOSS = '33699990100'

const boot = useApiHarness({
  ADMIN_PHONES: '+33 6 99 99 01 00, +33699990101,+33699990102',
  SIGNUP_MODE: 'closed',
})
let h: ApiHarness
let boss: Member
let origin: string

beforeAll(async () => {
  h = await boot()
  boss = await h.member(BOSS, 'Boss Admin')
  origin = `http://127.0.0.1:${(h.server.address() as AddressInfo).port}`
})
afterAll(() => h.close())

type Browser = ReturnType<ApiHarness['browser']>

const as = (member: Member) => ({
  get: (path: string) => h.browser().get(path).set('Cookie', member.cookie),
  post: (path: string, body: object) =>
    h.browser().post(path).set('Cookie', member.cookie).send(body),
  put: (path: string, body: object) =>
    h.browser().put(path).set('Cookie', member.cookie).send(body),
  delete: (path: string) => h.browser().delete(path).set('Cookie', member.cookie),
})

let nextMember = 0
const newMember = (name = 'Mia Member') => {
  nextMember += 1
  return h.member(`336999902${String(nextMember).padStart(2, '0')}`, name)
}

/** The development sender's invitation lines so far: `INVITE whatsapp <phone> <url>`. */
const invitationLines = (): string[] =>
  h.logLines
    .map((line) => String((JSON.parse(line) as { msg?: unknown }).msg ?? ''))
    .filter((msg) => msg.startsWith('INVITE whatsapp '))

const sendPhoneCode = (browser: Browser, user: TestUser) =>
  browser
    .post('/api/otp/send')
    .send({ nameValuePairs: { countryCode: user.countryCode, phoneNumber: user.phoneNumber } })

const expectNotInvited = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(403)
  expect(res.body).toEqual({
    error: { code: 'not_invited', message: messages.organisation.notInvited },
  })
}

describe('roles', () => {
  it("GET /api/auth/me carries the person's role", async () => {
    const mia = await newMember()
    expect((await as(mia).get('/api/auth/me').expect(200)).body).toMatchObject({
      phone: mia.phone,
      role: 'member',
    })
    expect((await as(boss).get('/api/auth/me').expect(200)).body).toEqual({
      nomPrenom: 'Boss Admin',
      phone: BOSS,
      mail: `${BOSS}@example.test`,
      indicatif: '33',
      // As people read it, written by the server (docs/phones.md, "Showing a phone").
      phoneDisplay: '+33 6 99 99 01 00',
      role: 'admin',
    })
  })

  it('ADMIN_PHONES make an existing account an administrator from the next start on', async () => {
    const users = h.api.ctx.domain.connection.collection('users')
    await users.insertOne({
      phone: '33699990101',
      indicatif: '33',
      nomPrenom: 'Second Boss',
      mail: 'second@example.test',
      passwordHash: 'x',
      createdAt: new Date(),
      passwordChangedAt: new Date(),
      role: 'member',
    })
    // Another api node starting on the same database is the next start.
    await h.anotherNode()
    expect((await users.findOne({ phone: '33699990101' }))?.['role']).toBe('admin')
  })

  it('an ADMIN_PHONES person signs up in the closed space without an invitation, as an administrator', async () => {
    const user = buildUser({
      countryCode: '+33',
      phoneNumber: '06 99 99 01 02',
      phone: '33699990102',
    })
    const browser = h.browser()
    await signUp(h, browser, user)
    expect((await browser.get('/api/auth/me').expect(200)).body).toMatchObject({ role: 'admin' })
  })

  it('an administrator makes a member administrator and member again; each change is audited', async () => {
    const mia = await newMember('Mia Promoted')
    await as(mia).get('/api/admin/settings').expect(403)
    const promoted = await as(boss)
      .post(`/api/admin/members/${mia.phone}/role`, { role: 'admin' })
      .expect(200)
    expect(promoted.body).toMatchObject({ phone: mia.phone, role: 'admin', status: 'active' })
    // Now an administrator herself.
    await as(mia).get('/api/admin/settings').expect(200)
    expect((await as(mia).get('/api/auth/me')).body).toMatchObject({ role: 'admin' })

    await as(mia).post(`/api/admin/members/${mia.phone}/role`, { role: 'member' }).expect(403)
    await as(boss).post(`/api/admin/members/${mia.phone}/role`, { role: 'member' }).expect(200)
    await as(mia).get('/api/admin/settings').expect(403)

    const audit = await as(boss).get(`/api/admin/audit?phone=${mia.phone}`).expect(200)
    expect(audit.body.total).toBe(2)
    expect(
      audit.body.items.map((e: { action: string; actor: string; details: unknown }) => [
        e.action,
        e.actor,
        e.details,
      ]),
    ).toEqual([
      ['role', BOSS, { from: 'admin', to: 'member' }],
      ['role', BOSS, { from: 'member', to: 'admin' }],
    ])
  })

  it('nobody demotes themselves, nor an administrator of ADMIN_PHONES (403, with why)', async () => {
    const ada = await newMember('Ada Admin')
    await as(boss).post(`/api/admin/members/${ada.phone}/role`, { role: 'admin' }).expect(200)
    const self = await as(ada).post(`/api/admin/members/${ada.phone}/role`, { role: 'member' })
    expect(self.status).toBe(403)
    expect(self.body.error).toEqual({
      code: 'forbidden',
      message: messages.organisation.cannotDemoteSelf,
    })
    const configured = await as(ada).post(`/api/admin/members/${BOSS}/role`, { role: 'member' })
    expect(configured.status).toBe(403)
    expect(configured.body.error.message).toBe(messages.organisation.cannotDemoteConfigured)
    const bossSelf = await as(boss).post(`/api/admin/members/${BOSS}/role`, { role: 'member' })
    expect(bossSelf.body.error.message).toBe(messages.organisation.cannotDemoteSelf)
    expect((await as(boss).get('/api/auth/me')).body.role).toBe('admin')
    await as(boss).post('/api/admin/members/33699999999/role', { role: 'admin' }).expect(404)
    const bad = await as(boss).post(`/api/admin/members/${ada.phone}/role`, { role: 'owner' })
    expect(bad.status).toBe(400)
  })
})

describe('the sign-up settings', () => {
  it("answer the environment's until saved; saving validates the domains and is audited", async () => {
    expect((await as(boss).get('/api/admin/settings').expect(200)).body).toEqual({
      signupMode: 'closed',
      allowedEmailDomains: [],
      savedAt: null,
    })
    const withAt = await as(boss).put('/api/admin/settings', {
      signupMode: 'closed',
      allowedEmailDomains: ['@acme.test'],
    })
    expect(withAt.status).toBe(400)
    expect(withAt.body.error.message).toBe(messages.organisation.domainWithAt)
    // An address typed for a domain: one line, one message (docs/organisation.md, "Settings").
    const address = await as(boss).put('/api/admin/settings', {
      signupMode: 'closed',
      allowedEmailDomains: ['acme.test', 'jane@acme.com'],
    })
    expect(address.status).toBe(400)
    expect(address.body.error.issues).toEqual([
      { path: 'body.allowedEmailDomains.1', message: messages.organisation.domainWithAt },
    ])
    for (const shape of ['acme', 'acme..test', '-acme.test', 'acme.test/x', 'a b.test'])
      expect(
        (
          await as(boss).put('/api/admin/settings', {
            signupMode: 'closed',
            allowedEmailDomains: [shape],
          })
        ).body.error?.message,
        shape,
      ).toBe(messages.organisation.domainShape)
    await as(boss)
      .put('/api/admin/settings', { signupMode: 'shut', allowedEmailDomains: [] })
      .expect(400)
    // Nothing was saved by the refusals.
    expect((await as(boss).get('/api/admin/settings')).body.savedAt).toBeNull()

    const saved = await as(boss)
      .put('/api/admin/settings', {
        signupMode: 'closed',
        allowedEmailDomains: [' ACME.test ', 'xn--bcher-kva.example'],
      })
      .expect(200)
    expect(saved.body).toEqual({
      signupMode: 'closed',
      allowedEmailDomains: ['acme.test', 'xn--bcher-kva.example'],
      savedAt: h.clock.now().toISOString(),
    })
    expect((await as(boss).get('/api/admin/settings')).body).toEqual(saved.body)
    const [entry] = (await as(boss).get('/api/admin/audit')).body.items
    expect(entry).toMatchObject({
      action: 'settings',
      actor: BOSS,
      actorName: 'Boss Admin',
      details: {
        from: { signupMode: 'closed', allowedEmailDomains: [] },
        to: { signupMode: 'closed', allowedEmailDomains: ['acme.test', 'xn--bcher-kva.example'] },
      },
    })
    // Back to the file's closed space without domains, saved this time.
    await as(boss)
      .put('/api/admin/settings', { signupMode: 'closed', allowedEmailDomains: [] })
      .expect(200)
  })
})

describe('the closed space without allowed domains', () => {
  it('gives an uninvited phone no code at the phone step', async () => {
    const stranger = buildUser()
    const before = h.logLines.length
    expectNotInvited(await sendPhoneCode(h.browser(), stranger))
    // The refusal came before any code: the development sender logged none for that phone.
    expect(h.logLines.slice(before).join('\n')).not.toContain(`OTP whatsapp ${stranger.phone}`)
  })

  it('refuses the e-mail step without an admitted phone verified in this browser', async () => {
    expectNotInvited(
      await h
        .browser()
        .post('/api/otpEmail/send')
        .send({ nameValuePairs: { mail: 'someone@example.test' } }),
    )
  })

  it('keeps the password reset working for members', async () => {
    const member = buildUser()
    await h.api.ctx.domain.users.register({
      phone: member.phone,
      nomPrenom: 'Reset Member',
      indicatif: '33',
      mail: member.mail,
      password: member.password,
    })
    const browser = h.browser()
    await sendPhoneCode(browser, member).expect(200)
    const code = await h.lastOtp('whatsapp', member.phone)
    await browser
      .post('/api/otp/verify')
      .send({
        nameValuePairs: {
          countryCode: member.countryCode,
          phoneNumber: member.phoneNumber,
          otp: code,
        },
      })
      .expect(200)
    await browser
      .post('/api/updatePass')
      .send({ nameValuePairs: { phone: member.phone, password: 'New-pass-42' } })
      .expect(200)
    await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: member.phone, password: 'New-pass-42' })
      .expect(200)
  })

  it('lets an invited phone through every step: the invitation sends the link, and the sign-up spends it', async () => {
    const invitee = buildUser()
    const invited = await as(boss)
      .post('/api/admin/invitations', {
        dialCode: '+33',
        invitations: [{ phone: invitee.phoneNumber, name: 'Ivy Invitee' }],
      })
      .expect(200)
    expect(invited.body).toEqual({
      results: [
        {
          input: invitee.phoneNumber,
          phone: invitee.phone,
          name: 'Ivy Invitee',
          outcome: 'invited',
          messageSent: true,
        },
      ],
    })
    const link = invitationLink(origin, invitee.phone)
    expect(link).toBe(`${origin}/inscription?phone=${invitee.phone}`)
    expect(invitationLines()).toContain(`INVITE whatsapp ${invitee.phone} ${link}`)
    const listed = await as(boss).get('/api/admin/invitations').expect(200)
    expect(listed.body.items).toContainEqual({
      phone: invitee.phone,
      name: 'Ivy Invitee',
      invitedAt: h.clock.now().toISOString(),
      invitedBy: BOSS,
      invitedByName: 'Boss Admin',
    })

    const browser = h.browser()
    await signUp(h, browser, invitee)
    expect((await browser.get('/api/auth/me').expect(200)).body).toMatchObject({
      phone: invitee.phone,
      role: 'member',
    })
    const after = await as(boss).get('/api/admin/invitations').expect(200)
    expect(after.body.items.map((i: { phone: string }) => i.phone)).not.toContain(invitee.phone)
  })

  it('refuses POST /api/user itself to a phone whose invitation was revoked after its code', async () => {
    const late = buildUser()
    await as(boss)
      .post('/api/admin/invitations', { invitations: [{ phone: `+${late.phone}` }] })
      .expect(200)
    const browser = h.browser()
    await verifyByOtp(h, browser, late)
    await as(boss).delete(`/api/admin/invitations/${late.phone}`).expect(204)
    expectNotInvited(await browser.post('/api/user').send(signUpBody(late)))
    expect(await h.api.ctx.domain.users.findByPhone(late.phone)).toBeNull()
    // The revoked phone gets no code either now.
    expectNotInvited(await sendPhoneCode(h.browser(), late))
    // Revoking again: nothing is pending.
    const again = await as(boss).delete(`/api/admin/invitations/${late.phone}`)
    expect(again.status).toBe(404)
    expect(again.body.error.message).toBe(messages.organisation.noSuchInvitation)
    const [entry] = (await as(boss).get(`/api/admin/audit?phone=${late.phone}`)).body.items
    expect(entry).toMatchObject({ action: 'revoke', actor: BOSS, target: late.phone })
  })
})

describe('invitations', () => {
  it('answer each item of a pasted list with its outcome', async () => {
    const mia = await newMember()
    const res = await as(boss)
      .post('/api/admin/invitations', {
        dialCode: '33',
        invitations: [
          { phone: '06 98 76 54 01', name: 'Noa' },
          { phone: `+${mia.phone}` },
          { phone: '12' },
          { phone: '+33 6 98 76 54 01' },
        ],
      })
      .expect(200)
    expect(res.body.results).toEqual([
      {
        input: '06 98 76 54 01',
        phone: '33698765401',
        name: 'Noa',
        outcome: 'invited',
        messageSent: true,
      },
      { input: `+${mia.phone}`, phone: mia.phone, outcome: 'already_member' },
      { input: '12', outcome: 'invalid' },
      { input: '+33 6 98 76 54 01', phone: '33698765401', outcome: 'duplicate' },
    ])
    // One message, to the one invited.
    expect(invitationLines().filter((l) => l.includes('33698765401'))).toHaveLength(1)
    expect(invitationLines().join('\n')).not.toContain(mia.phone)
  })

  it('answer a pending phone invited again as already invited, its name kept unless the line gives one', async () => {
    const pending = '33698765410'
    const invite = async (invitations: object[]) =>
      (await as(boss).post('/api/admin/invitations', { dialCode: '33', invitations }).expect(200))
        .body.results
    const stored = async () =>
      (await as(boss).get('/api/admin/invitations').expect(200)).body.items.find(
        (item: { phone: string }) => item.phone === pending,
      )?.name
    await invite([{ phone: '06 98 76 54 10', name: 'Bruno Keita' }])
    const sent = () => invitationLines().filter((l) => l.includes(pending)).length
    expect(sent()).toBe(1)

    // The reported case: a line with no name, then one with the same name.
    expect(await invite([{ phone: '+33 6 98 76 54 10' }])).toEqual([
      {
        input: '+33 6 98 76 54 10',
        phone: pending,
        name: 'Bruno Keita',
        outcome: 'already_invited',
        messageSent: true,
      },
    ])
    expect(await invite([{ phone: '0698765410', name: 'Bruno Keita' }])).toEqual([
      {
        input: '0698765410',
        phone: pending,
        name: 'Bruno Keita',
        outcome: 'already_invited',
        messageSent: true,
      },
    ])
    expect(await stored()).toBe('Bruno Keita')

    // A line that gives another name sets it, and says which it replaced.
    expect(await invite([{ phone: '0698765410', name: 'Bruno' }])).toEqual([
      {
        input: '0698765410',
        phone: pending,
        name: 'Bruno',
        previousName: 'Bruno Keita',
        outcome: 'already_invited',
        messageSent: true,
      },
    ])
    expect(await stored()).toBe('Bruno')
    // Each renewal sent the sign-up link again, as before.
    expect(sent()).toBe(4)
  })

  it("link to the administrator's own origin: the page's Origin, else the address called", async () => {
    const viaPage = await h
      .browser()
      .post('/api/admin/invitations')
      .set('Cookie', boss.cookie)
      .set('Host', `localhost:${(h.server.address() as AddressInfo).port}`)
      .set('Origin', `http://localhost:${(h.server.address() as AddressInfo).port}`)
      .send({ invitations: [{ phone: '+33698765402' }] })
      .expect(200)
    expect(viaPage.body.results[0].messageSent).toBe(true)
    expect(invitationLines()).toContain(
      `INVITE whatsapp 33698765402 http://localhost:${(h.server.address() as AddressInfo).port}/inscription?phone=33698765402`,
    )
  })

  it('are refused (400) when the request shows no address of ours, and nothing is stored', async () => {
    const res = await h
      .browser()
      .post('/api/admin/invitations')
      .set('Cookie', boss.cookie)
      .set('Host', 'rebound.example')
      .send({ invitations: [{ phone: '+33698765403' }] })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe(noOriginMessage)
    expect(await h.api.ctx.domain.organisation.invitations.pending('33698765403')).toBe(false)
  })

  it('are listed 20 a page, newest first, with the total', async () => {
    h.clock.advance(1000)
    const invitations = Array.from({ length: 22 }, (_, i) => ({
      phone: `+336987655${String(i).padStart(2, '0')}`,
    }))
    await as(boss).post('/api/admin/invitations', { invitations }).expect(200)
    h.clock.advance(1000)
    await as(boss)
      .post('/api/admin/invitations', { invitations: [{ phone: '+33698765600' }] })
      .expect(200)
    const first = await as(boss).get('/api/admin/invitations').expect(200)
    expect(first.body.items).toHaveLength(20)
    expect(first.body.items[0].phone).toBe('33698765600')
    const total = first.body.total as number
    expect(total).toBeGreaterThanOrEqual(23)
    const rest = await as(boss).get(`/api/admin/invitations?n=20`).expect(200)
    expect(rest.body.total).toBe(total)
    expect(rest.body.items).toHaveLength(total - 20)
    await as(boss).get('/api/admin/invitations?n=-1').expect(400)
    await as(boss).get('/api/admin/invitations?page=1').expect(400)
  })
})

describe('the members list', () => {
  it('holds each member with role, status, joined and last-seen times; searches name and phone', async () => {
    const kit = await h.member('33699991234', 'Kit Searchable')
    const joined = h.clock.now().toISOString()
    await as(kit).get('/api/auth/me').expect(200)
    const seen = h.clock.now().toISOString()
    const byName = await as(boss).get('/api/admin/members?q=searchABLE').expect(200)
    expect(byName.body).toEqual({
      total: 1,
      items: [
        {
          phone: kit.phone,
          name: 'Kit Searchable',
          mail: `${kit.phone}@example.test`,
          role: 'member',
          status: 'active',
          createdAt: joined,
          lastSeenAt: seen,
          adminByConfiguration: false,
          deactivatedAt: null,
          title: '',
          team: '',
          site: '',
          kind: 'employee',
        },
      ],
    })
    const byPhone = await as(boss)
      .get(`/api/admin/members?q=${encodeURIComponent('+33 6 99 99 12')}`)
      .expect(200)
    expect(byPhone.body.items.map((m: { phone: string }) => m.phone)).toContain(kit.phone)
    const all = await as(boss).get('/api/admin/members').expect(200)
    expect(all.body.items.length).toBeLessThanOrEqual(20)
    expect(all.body.total).toBeGreaterThan(5)
    const bossItem = (
      await as(boss).get(`/api/admin/members?q=${BOSS}`).expect(200)
    ).body.items.find((m: { phone: string }) => m.phone === BOSS)
    expect(bossItem).toMatchObject({ role: 'admin', adminByConfiguration: true })
  })

  it('updates the last-seen time on authenticated calls, at most once a minute', async () => {
    const lea = await h.member('33699991235', 'Lea Seen')
    const lastSeen = async () =>
      (await as(boss).get(`/api/admin/members?q=${lea.phone}`)).body.items[0].lastSeenAt as
        string | null
    expect(await lastSeen()).toBeNull()
    await as(lea).get('/api/auth/me').expect(200)
    const first = h.clock.now().toISOString()
    expect(await lastSeen()).toBe(first)
    h.clock.advance(30_000)
    await as(lea).get('/api/auth/me').expect(200)
    expect(await lastSeen()).toBe(first)
    h.clock.advance(31_000)
    await as(lea).get('/api/auth/me').expect(200)
    expect(await lastSeen()).toBe(h.clock.now().toISOString())
  })
})

describe('deactivation', () => {
  const deactivated = {
    error: { code: 'deactivated', message: messages.organisation.deactivated },
  }

  it('ends the member’s sessions and refuses sign-in and codes; activation gives it back', async () => {
    const ned = await newMember('Ned Leaving')
    const pal = await newMember('Pal Staying')
    await h.acquaint(ned, pal)
    const answer = await as(boss).post(`/api/admin/members/${ned.phone}/deactivate`, {}).expect(200)
    expect(answer.body).toMatchObject({
      phone: ned.phone,
      status: 'deactivated',
      deactivatedAt: h.clock.now().toISOString(),
    })
    // The session they had is over; signing in again or asking a code is refused.
    await as(ned).get('/api/auth/me').expect(401)
    const login = await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: ned.phone, password: 'secret-pass' })
    expect([login.status, login.body]).toEqual([403, deactivated])
    expect(login.headers['set-cookie']).toBeUndefined()
    const code = await h
      .browser()
      .post('/api/otp/send')
      .send({ nameValuePairs: { countryCode: '+33', phoneNumber: ned.phone.slice(2) } })
    expect([code.status, code.body]).toEqual([403, deactivated])
    // Others' lists mark them.
    const contacts = await as(pal).get(`/api/userRepertoire/${pal.phone}`).expect(200)
    expect(
      (contacts.body as { phone: string; deactivated?: boolean }[]).find(
        (c) => c.phone === ned.phone,
      ),
    ).toMatchObject({ deactivated: true })
    const listed = await as(boss).get(`/api/admin/members?q=${ned.phone}`).expect(200)
    expect(listed.body.items[0]).toMatchObject({ status: 'deactivated' })

    const back = await as(boss).post(`/api/admin/members/${ned.phone}/activate`, {}).expect(200)
    expect(back.body).toMatchObject({ status: 'active', deactivatedAt: null })
    await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: ned.phone, password: 'secret-pass' })
      .expect(200)
    const audit = await as(boss).get(`/api/admin/audit?phone=${ned.phone}`).expect(200)
    expect(audit.body.items.map((e: { action: string }) => e.action)).toEqual([
      'activate',
      'deactivate',
    ])
  })

  it('is refused for oneself, for an administrator of ADMIN_PHONES, and for an unknown phone', async () => {
    const ada = await newMember('Ada Admin')
    await as(boss).post(`/api/admin/members/${ada.phone}/role`, { role: 'admin' }).expect(200)
    const self = await as(ada).post(`/api/admin/members/${ada.phone}/deactivate`, {})
    expect([self.status, self.body.error.message]).toEqual([
      403,
      messages.organisation.cannotDeactivateSelf,
    ])
    const configured = await as(ada).post(`/api/admin/members/${BOSS}/deactivate`, {})
    expect([configured.status, configured.body.error.message]).toEqual([
      403,
      messages.organisation.cannotDeactivateConfigured,
    ])
    await as(ada).post('/api/admin/members/33699999999/deactivate', {}).expect(404)
    await as(boss).get('/api/auth/me').expect(200)
  })
})

describe('the audit trail', () => {
  it('lists every admin action newest first, 20 a page, filterable by member', async () => {
    const zed = await newMember('Zed Audited')
    h.clock.advance(1000)
    await as(boss)
      .post('/api/admin/invitations', { invitations: [{ phone: '+33698765700' }] })
      .expect(200)
    h.clock.advance(1000)
    await as(boss).delete('/api/admin/invitations/33698765700').expect(204)
    h.clock.advance(1000)
    await as(boss).post(`/api/admin/members/${zed.phone}/role`, { role: 'admin' }).expect(200)
    h.clock.advance(1000)
    await as(zed)
      .put('/api/admin/settings', { signupMode: 'closed', allowedEmailDomains: [] })
      .expect(200)

    const page = await as(boss).get('/api/admin/audit').expect(200)
    expect(page.body.items).toHaveLength(20)
    expect(page.body.total).toBeGreaterThan(20)
    expect(
      page.body.items
        .slice(0, 4)
        .map((e: { action: string; actor: string; target?: string }) => [
          e.action,
          e.actor,
          e.target,
        ]),
    ).toEqual([
      ['settings', zed.phone, undefined],
      ['role', BOSS, zed.phone],
      ['revoke', BOSS, '33698765700'],
      ['invite', BOSS, '33698765700'],
    ])
    const ats = page.body.items.map((e: { at: string }) => e.at)
    expect([...ats].sort().reverse()).toEqual(ats)

    const zeds = await as(boss).get(`/api/admin/audit?phone=${zed.phone}`).expect(200)
    expect(zeds.body.total).toBe(2)
    expect(zeds.body.items.map((e: { action: string }) => e.action)).toEqual(['settings', 'role'])
    const rest = await as(boss).get(`/api/admin/audit?n=20`).expect(200)
    expect(rest.body.total).toBe(page.body.total)
    await as(boss).get('/api/admin/audit?phone=nobody').expect(400)
  })
})
