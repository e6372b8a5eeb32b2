import { displayPhoneKey } from '@palabre/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness } from '../../../test/api-harness.js'
import { expectNoSecrets } from '../../../test/no-secrets.js'
import { buildUser, signUp } from '../../../test/sign-up-flow.js'
import type { TestUser } from '../../../test/sign-up-flow.js'

const boot = useApiHarness()
let h: ApiHarness
let alice: TestUser
let bob: TestUser
let aliceBrowser: ReturnType<ApiHarness['browser']>
const secrets: string[] = []

beforeAll(async () => {
  h = await boot()
  alice = buildUser()
  bob = buildUser({ firstName: 'Bob' })
  aliceBrowser = h.browser()
  secrets.push(alice.password, bob.password)
  secrets.push(...(await signUp(h, aliceBrowser, alice)))
  secrets.push(...(await signUp(h, h.browser(), bob)))
  await h.api.ctx.domain.contacts.save(alice.phone, {
    name: 'Ann Unregistered',
    phone: '33799000001',
  })
  await h.api.ctx.domain.contacts.save(alice.phone, { name: 'Bob', phone: bob.phone })
})
afterAll(() => h.close())

const profileOf = (user: TestUser) => ({
  nomPrenom: `${user.firstName} ${user.lastName}`,
  phone: user.phone,
  mail: user.mail,
  indicatif: '33',
  phoneDisplay: displayPhoneKey(user.phone),
})

describe('GET /api/user/:phone', () => {
  it("answers the signed-in user's profile as a one-item array, without password", async () => {
    const res = await aliceBrowser.get(`/api/user/${alice.phone}`).expect(200)
    expect(res.body).toEqual([profileOf(alice)])
  })

  it("refuses another user's phone (403)", async () => {
    const res = await aliceBrowser.get(`/api/user/${bob.phone}`).expect(403)
    expect(res.body.error.code).toBe('forbidden')
  })

  it('needs a session (401)', async () => {
    await h.browser().get(`/api/user/${alice.phone}`).expect(401)
  })
})

describe('GET /api/userWithRepertoire/:phone', () => {
  it('answers the profile and its repertoire, without password', async () => {
    const res = await aliceBrowser
      .get(`/api/userWithRepertoire/${encodeURIComponent(`+${alice.phone}`)}`)
      .expect(200)
    expect(res.body).toHaveLength(1)
    expect(res.body[0]).toMatchObject(profileOf(alice))
    expect(res.body[0].repertoire).toEqual([
      { name: 'Bob', phone: bob.phone, status: '1', phoneOwnerRepertory: alice.phone },
      {
        name: 'Ann Unregistered',
        phone: '33799000001',
        status: '0',
        phoneOwnerRepertory: alice.phone,
      },
    ])
  })

  it("refuses another user's phone (403)", async () => {
    await aliceBrowser.get(`/api/userWithRepertoire/${bob.phone}`).expect(403)
  })

  it('refuses a malformed phone (400)', async () => {
    await aliceBrowser.get('/api/userWithRepertoire/not-a-phone').expect(400)
  })
})

describe('every profile answer', () => {
  it('holds no password, hash or code', () => {
    expectNoSecrets(h.bodies, secrets)
  })
})
