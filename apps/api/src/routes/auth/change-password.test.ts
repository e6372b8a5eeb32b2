import { messages } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { expectNoSecrets } from '../../../test/no-secrets.js'
import { startSmtpStandIn } from '../../../test/stand-ins.js'
import type { SmtpStandIn } from '../../../test/stand-ins.js'

// A real SMTP server receives the notice e-mail (docs/security.md, "Passwords").
let smtp: SmtpStandIn
const boot = useApiHarness({
  get SMTP_URL() {
    return smtp.url
  },
})
let h: ApiHarness
const OLD = 'secret-pass'
const NEW = 'Brand-new-Pa55'
const secrets = [NEW]

beforeAll(async () => {
  smtp = await startSmtpStandIn()
  h = await boot()
})
afterAll(async () => {
  await h.close()
  await smtp.close()
})

let serial = 0
/** A fresh person (own sign-in counts), signed in once through the domain. */
const person = (): Promise<Member> => {
  serial += 1
  return h.member(`3361234${String(serial).padStart(4, '0')}`, `Person ${serial}`)
}

const change = (cookie: string, body: object) =>
  h.browser().post('/api/auth/password').set('Cookie', cookie).send(body)

const login = (phone: string, password: string) =>
  h.browser().post('/api/auth/login').send({ phone, password })

const storedHash = async (phone: string): Promise<string> => {
  const user = await h.api.ctx.domain.connection
    .collection('users')
    .findOne({ phone }, { projection: { passwordHash: 1 } })
  return String(user?.['passwordHash'])
}

const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address))

describe('POST /api/auth/password', () => {
  it('stores the new password, ends the other sessions only, and e-mails a notice', async () => {
    const ann = await person()
    const bob = await person()
    const elsewhere = h.browser()
    await elsewhere.post('/api/auth/login').send({ phone: ann.phone, password: OLD }).expect(200)
    await elsewhere.get('/api/auth/me').expect(200)

    const res = await change(ann.cookie, { currentPassword: OLD, newPassword: NEW })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: messages.passwordChange.changed })

    // The caller stays signed in; the other session of the same person is over.
    await h.getAs(ann, '/api/auth/me').expect(200)
    await elsewhere.get('/api/auth/me').expect(401)
    // Another person's session is untouched.
    await h.getAs(bob, '/api/auth/me').expect(200)
    await login(ann.phone, OLD).expect(401)
    await login(ann.phone, NEW).expect(200)

    const [notice] = mailsTo(`${ann.phone}@example.test`)
    expect(notice?.raw).toContain('Your Palabre password was changed')
    expect(notice?.raw).toContain('If it wasn')
    expect(notice?.raw).not.toContain(NEW)
    expect(notice?.raw).not.toContain(OLD)

    const audit = await h.api.ctx.domain.organisation.audit.list({ n: 0, phone: ann.phone })
    expect(audit.items.map((entry) => entry.action)).toContain('password_change')
  })

  it('writes the notice in French when the screen asks in French', async () => {
    const awa = await person()
    await change(awa.cookie, { currentPassword: OLD, newPassword: NEW, lang: 'fr' }).expect(200)
    const [notice] = mailsTo(`${awa.phone}@example.test`)
    expect(notice?.raw).toContain('Votre mot de passe Palabre a')
    expect(notice?.raw).toContain('Si ce n')
  })

  it('refuses a wrong current password on its field, and changes nothing', async () => {
    const ann = await person()
    const elsewhere = h.browser()
    await elsewhere.post('/api/auth/login').send({ phone: ann.phone, password: OLD }).expect(200)
    const before = await storedHash(ann.phone)

    // A body the schema accepts: refused, not malformed (the fuzzer holds the api to that).
    const res = await change(ann.cookie, { currentPassword: 'not-it', newPassword: NEW })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({
      error: {
        code: 'forbidden',
        issues: [{ path: 'body.currentPassword', message: 'The current password is wrong.' }],
      },
    })
    expect(await storedHash(ann.phone)).toBe(before)
    await elsewhere.get('/api/auth/me').expect(200)
    await login(ann.phone, OLD).expect(200)
    expect(mailsTo(`${ann.phone}@example.test`)).toEqual([])
  })

  it('refuses a new password that breaks the sign-up rule, or equals the current one', async () => {
    const ann = await person()
    const before = await storedHash(ann.phone)

    const empty = await change(ann.cookie, { currentPassword: OLD, newPassword: '' })
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({
      error: { issues: [{ path: 'body.newPassword', message: messages.signUp.passwordRequired }] },
    })
    const long = await change(ann.cookie, { currentPassword: OLD, newPassword: 'x'.repeat(73) })
    expect(long.body).toMatchObject({
      error: { issues: [{ path: 'body.newPassword', message: 'A password is at most 72 bytes.' }] },
    })
    const noCurrent = await change(ann.cookie, { newPassword: NEW })
    expect(noCurrent.body).toMatchObject({
      error: {
        issues: [
          { path: 'body.currentPassword', message: messages.passwordChange.currentRequired },
        ],
      },
    })
    const same = await change(ann.cookie, { currentPassword: OLD, newPassword: OLD })
    expect(same.status).toBe(409)
    expect(same.body).toMatchObject({
      error: {
        code: 'conflict',
        issues: [{ path: 'body.newPassword', message: messages.passwordChange.samePassword }],
      },
    })
    expect(await storedHash(ann.phone)).toBe(before)
  })

  it('answers 429 past the sign-in limit of wrong tries, even with the right password', async () => {
    const ann = await person()
    for (let i = 0; i < 5; i += 1)
      await change(ann.cookie, { currentPassword: `wrong-${i}`, newPassword: NEW }).expect(403)
    const res = await change(ann.cookie, { currentPassword: OLD, newPassword: NEW })
    expect(res.status).toBe(429)
    expect(res.body).toMatchObject({ error: { code: 'too_many_requests' } })
    expect(res.headers['retry-after']).toBeDefined()
    await login(ann.phone, OLD).expect(429)
  })

  it('never answers or logs a password or a hash', () => {
    expectNoSecrets(h.bodies, [...secrets, OLD])
    for (const line of h.logLines) {
      expect(line).not.toContain('$2b$')
      expect(line).not.toContain(NEW)
    }
  })
})
