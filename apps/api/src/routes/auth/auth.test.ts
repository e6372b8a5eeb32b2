import { displayPhoneKey, messages } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness } from '../../../test/api-harness.js'
import { expectNoSecrets } from '../../../test/no-secrets.js'
import { buildUser, signUp } from '../../../test/sign-up-flow.js'
import type { TestUser } from '../../../test/sign-up-flow.js'

const boot = useApiHarness()
let h: ApiHarness
let alice: TestUser
const secrets: string[] = []

beforeAll(async () => {
  h = await boot()
  alice = buildUser()
  secrets.push(alice.password, ...(await signUp(h, h.browser(), alice)))
})
afterAll(() => h.close())

const login = (phone: string, password: string) =>
  h.browser().post('/api/auth/login').send({ phone, password })

describe('POST /api/auth/login', () => {
  it('signs in with the right password: 200, the profile with its role and a session cookie', async () => {
    const browser = h.browser()
    const res = await browser
      .post('/api/auth/login')
      .send({ phone: `+${alice.phone}`, password: alice.password })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      nomPrenom: `${alice.firstName} ${alice.lastName}`,
      phone: alice.phone,
      mail: alice.mail,
      indicatif: '33',
      phoneDisplay: displayPhoneKey(alice.phone),
      role: 'member',
    })
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toMatch(/palabre_session=[^;]+/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect((await browser.get('/api/auth/me').expect(200)).body.phone).toBe(alice.phone)
  })

  it("answers 401 'Oops, password's incorrect. Give it another shot.' for a wrong password", async () => {
    const res = await login(alice.phone, 'not the password')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({
      error: { code: 'wrong_password', message: messages.signIn.wrongPassword },
    })
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it("answers 404 'Number not found, time to sign up!' for an unknown number", async () => {
    const res = await login('33700000000', alice.password)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ error: { code: 'not_found', message: messages.signIn.notFound } })
  })

  it('finds the account of a number typed with its trunk 0, as the original clients sent it', async () => {
    // '33' followed by the national number as typed at home: '330612…'.
    await login(`33${alice.phoneNumber}`, alice.password).expect(200)
    await login(`+33 ${alice.phoneNumber}`, alice.password).expect(200)
  })

  it("answers 400 'Format is incorrect.' for a number that cannot be a phone, counting no try", async () => {
    const res = await login('3306123456', alice.password)
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe(messages.contact.formatIncorrect)
  })

  it('checks the fields with their messages', async () => {
    const noPhone = await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: '', password: 'x' })
      .expect(400)
    expect(noPhone.body.error.message).toBe(messages.signIn.phoneRequired)
    const noPassword = await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: alice.phone, password: '' })
      .expect(400)
    expect(noPassword.body.error.message).toBe(messages.signIn.passwordRequired)
    const operator = await h
      .browser()
      .post('/api/auth/login')
      .send({ phone: alice.phone, password: { $gt: '' } })
    expect(operator.status).toBe(400)
  })

  it('locks a number for 15 minutes after five wrong passwords (429), then lets the owner in', async () => {
    const bob = buildUser()
    secrets.push(bob.password, ...(await signUp(h, h.browser(), bob)))
    for (let i = 0; i < 5; i++) await login(bob.phone, `guess ${i}`).expect(401)
    const locked = await login(bob.phone, bob.password)
    expect(locked.status).toBe(429)
    expect(locked.body.error.code).toBe('too_many_requests')
    expect(locked.body.error.message).toMatch(
      /Too many wrong passwords for this number\. Please try again in 15 minutes/,
    )
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60)
    // Other numbers are not affected.
    await login(alice.phone, alice.password).expect(200)
    h.clock.advance(15 * 60 * 1000)
    await login(bob.phone, bob.password).expect(200)
  })
})

describe('POST /api/auth/logout', () => {
  it('ends the session (204), clears the cookie, and the old token no longer works', async () => {
    const browser = h.browser()
    const signedIn = await browser
      .post('/api/auth/login')
      .send({ phone: alice.phone, password: alice.password })
    const token = /palabre_session=([^;]+)/.exec(String(signedIn.headers['set-cookie']))?.[1] ?? ''
    const out = await browser.post('/api/auth/logout').expect(204)
    expect(String(out.headers['set-cookie'])).toMatch(
      /palabre_session=;.*Expires=Thu, 01 Jan 1970/i,
    )
    expect(await h.api.ctx.domain.sessions.resolve(token)).toBeNull()
    await h.browser().get('/api/auth/me').set('Cookie', `palabre_session=${token}`).expect(401)
    await browser.get('/api/auth/me').expect(401)
  })

  it('answers 401 without a session', async () => {
    await h.browser().post('/api/auth/logout').expect(401)
  })
})

describe('GET /api/auth/me', () => {
  it('answers 401 without a session, or with a made-up one', async () => {
    const none = await h.browser().get('/api/auth/me').expect(401)
    expect(none.body.error.code).toBe('unauthenticated')
    await h.browser().get('/api/auth/me').set('Cookie', 'palabre_session=made-up').expect(401)
  })
})

describe('every auth answer', () => {
  it('holds no password, hash or code', () => {
    expectNoSecrets(h.bodies, secrets)
  })
})
