import { contactsRoutes, messages } from '@palabre/contracts'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'

const boot = useApiHarness()
let h: ApiHarness
let ann: Member
let bob: Member

const as = (user: Member) => ({
  get: (path: string) => request(h.server).get(path).set('Cookie', user.cookie),
  post: (path: string, body: unknown) =>
    request(h.server)
      .post(path)
      .set('Cookie', user.cookie)
      .send(body as object),
})

beforeAll(async () => {
  h = await boot()
  ann = await h.member('33600000001', 'Ann A')
  bob = await h.member('33600000002', 'Bob B')
})
afterAll(() => h.close())
beforeEach(async () => {
  await h.api.ctx.domain.connection.models['Contact']?.deleteMany({})
})

describe('POST /api/contact', () => {
  it('saves a contact: nModified 1, then 0 when already there', async () => {
    const contact = { name: 'Zed', phone: '+33 6 99 00 00 01', phoneOwnerRepertory: ann.phone }
    const first = await as(ann).post('/api/contact', contact).expect(200)
    expect(contactsRoutes.saveContact.responses[200].parse(first.body)).toEqual({ nModified: 1 })
    expect((await as(ann).post('/api/contact', contact).expect(200)).body).toEqual({ nModified: 0 })
    const list = await as(ann).get(`/api/userRepertoire/${ann.phone}`).expect(200)
    expect(list.body).toEqual([
      { name: 'Zed', phone: '33699000001', status: '0', phoneOwnerRepertory: ann.phone },
    ])
  })

  it('refuses a contact lacking a name, a phone or a leading plus, saving nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', phone: '+33699000001' }, messages.contact.nameRequired],
      [{ name: 'Zed', phone: '' }, messages.contact.phoneRequired],
      [{ name: 'Zed', phone: '33699000001' }, messages.contact.formatIncorrect],
    ]
    for (const [body, message] of cases) {
      const res = await as(ann).post('/api/contact', body).expect(400)
      expect(res.body.error.message).toBe(message)
    }
    expect((await as(ann).get(`/api/userRepertoire/${ann.phone}`).expect(200)).body).toEqual([])
  })

  it("refuses to write into another user's repertoire, and needs a session", async () => {
    await as(ann)
      .post('/api/contact', { name: 'Zed', phone: '+33699000001', phoneOwnerRepertory: bob.phone })
      .expect(403)
    await request(h.server)
      .post('/api/contact')
      .send({ name: 'Zed', phone: '+33699000001' })
      .expect(401)
    expect((await as(bob).get(`/api/userRepertoire/${bob.phone}`).expect(200)).body).toEqual([])
  })
})

describe('repertoire reads', () => {
  beforeEach(async () => {
    for (const [name, phone] of [
      ['zoe', '33699000003'],
      ['Bob', bob.phone],
      ['alice', '33699000002'],
    ] as const)
      await as(ann)
        .post('/api/contact', { name, phone: `+${phone}` })
        .expect(200)
  })

  it('mark registered contacts, first, then by name; later sign-ups show as registered', async () => {
    const res = await as(ann).get(`/api/userWithRepInscris/${ann.phone}`).expect(200)
    const [user] = contactsRoutes.getRepertoireWithStatus.responses[200].parse(res.body)
    expect(user).toMatchObject({ nomPrenom: 'Ann A', phone: ann.phone })
    expect(user?.repertoire.map((c) => [c.name, c.status])).toEqual([
      ['Bob', '1'],
      ['alice', '0'],
      ['zoe', '0'],
    ])
    expect(JSON.stringify(res.body)).not.toMatch(/password/i)
    await h.member('33699000003', 'Zoe Z')
    const later = await as(ann).get(`/api/userArrayRepertoire/${ann.phone}/0`).expect(200)
    expect(later.body.map((c: { name: string }) => c.name)).toEqual(['Bob', 'zoe', 'alice'])
  })

  it('page from an offset and search names case-insensitively', async () => {
    expect(
      (await as(ann).get(`/api/userArrayRepertoire/${ann.phone}/2`).expect(200)).body,
    ).toHaveLength(1)
    const found = await as(ann).get(`/api/searchRepertoire/${ann.phone}/ALI/0`).expect(200)
    expect(found.body.map((c: { name: string }) => c.name)).toEqual(['alice'])
    await as(ann).get(`/api/userArrayRepertoire/${ann.phone}/-1`).expect(400)
  })

  it("answer 403 for another user's phone", async () => {
    for (const path of [
      `/api/userRepertoire/${ann.phone}`,
      `/api/userWithRepInscris/${ann.phone}`,
      `/api/userArrayRepertoire/${ann.phone}/0`,
      `/api/searchRepertoire/${ann.phone}/a/0`,
    ])
      await as(bob).get(path).expect(403)
  })
})
