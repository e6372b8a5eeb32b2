import { contactsRoutes, messages } from '@palabre/contracts'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'
import { contactNotFoundMessage } from './contacts.js'

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
  patch: (path: string, body: unknown) =>
    request(h.server)
      .patch(path)
      .set('Cookie', user.cookie)
      .send(body as object),
  delete: (path: string) => request(h.server).delete(path).set('Cookie', user.cookie),
})

const repertoire = async (user: Member) =>
  (await as(user).get(`/api/userRepertoire/${user.phone}`).expect(200)).body as {
    name: string
    phone: string
    status: string
  }[]

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

  it("keeps a French contact typed '+33 06…' under the account's key, registered", async () => {
    const dan = await h.member('33612345602', 'Dan D')
    await as(ann).post('/api/contact', { name: 'Dan', phone: '+33 06 12 34 56 02' }).expect(200)
    // Typed again in the right form, it is the same contact.
    expect(
      (await as(ann).post('/api/contact', { name: 'Dan', phone: '+33612345602' }).expect(200)).body,
    ).toEqual({ nModified: 0 })
    expect(await repertoire(ann)).toEqual([
      { name: 'Dan', phone: dan.phone, status: '1', phoneOwnerRepertory: ann.phone },
    ])
    await as(ann).post('/api/contact', { name: 'Awa', phone: '+225 07 07 12 34 56' }).expect(200)
    expect((await repertoire(ann)).map((c) => c.phone)).toContain('2250707123456')
  })

  it("refuses a number that cannot be a phone of its country: 'Format is incorrect.'", async () => {
    for (const phone of ['+33 06 12 34 56 0', '+225 07 12 34 56', '+33 6 12 ab', '+ ( ) -'])
      expect(
        (await as(ann).post('/api/contact', { name: 'Zed', phone }).expect(400)).body.error.message,
        phone,
      ).toBe(
        phone === '+ ( ) -' ? messages.contact.phoneRequired : messages.contact.formatIncorrect,
      )
    expect(await repertoire(ann)).toEqual([])
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

  it("search names case and accents aside: 'ZOE' finds 'zoe' and 'Zoé Lambert'", async () => {
    await as(ann).post('/api/contact', { name: 'Zoé Lambert', phone: '+33699000004' }).expect(200)
    const found = await as(ann).get(`/api/searchRepertoire/${ann.phone}/ZOE/0`).expect(200)
    expect(found.body.map((c: { name: string }) => c.name)).toEqual(['zoe', 'Zoé Lambert'])
    const accented = await as(ann).get(`/api/searchRepertoire/${ann.phone}/z%C3%B3/0`).expect(200)
    expect(accented.body.map((c: { name: string }) => c.name)).toEqual(['zoe', 'Zoé Lambert'])
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

describe('PATCH and DELETE /api/contact/{phone}', () => {
  beforeEach(async () => {
    await as(ann)
      .post('/api/contact', { name: 'Bob', phone: `+${bob.phone}` })
      .expect(200)
    await as(bob)
      .post('/api/contact', { name: 'Ann', phone: `+${ann.phone}` })
      .expect(200)
  })

  it('renames a contact, answering it, and the repertoire shows the new name', async () => {
    const res = await as(ann)
      .patch(`/api/contact/${bob.phone}`, { name: '  Bobby  ', phoneOwnerRepertory: ann.phone })
      .expect(200)
    expect(contactsRoutes.renameContact.responses[200].parse(res.body)).toEqual({
      name: 'Bobby',
      phone: bob.phone,
      status: '1',
      phoneOwnerRepertory: ann.phone,
    })
    expect((await repertoire(ann)).map((c) => c.name)).toEqual(['Bobby'])
    // The path takes the key in any form a key is sent back in.
    await as(ann).patch(`/api/contact/+${bob.phone}`, { name: 'Bob' }).expect(200)
    expect((await repertoire(ann)).map((c) => c.name)).toEqual(['Bob'])
  })

  it('deletes a contact; the posts already exchanged stay', async () => {
    await h.api.ctx.domain.posts.send(ann, {
      idPostEmet: `before-delete-${Date.now()}`,
      text: 'kept',
      typePoste: '0',
      destinataires: [{ phone: bob.phone, name: 'Bob' }],
      groups: [],
    })
    const count = () => as(ann).get(`/api/postContact/${ann.phone}/${bob.phone}`).expect(200)
    const before = (await count()).body as number
    expect(before).toBeGreaterThan(0)
    await as(ann).delete(`/api/contact/${bob.phone}`).expect(204)
    expect(await repertoire(ann)).toEqual([])
    expect((await count()).body).toBe(before)
    expect((await as(bob).get(`/api/post/${bob.phone}`).expect(200)).body).toBeGreaterThan(0)
    // Bob's repertoire is his own: Ann is still in it.
    expect((await repertoire(bob)).map((c) => c.phone)).toEqual([ann.phone])
  })

  it("answers 404 for a phone that is not one of the caller's contacts, and changes nothing", async () => {
    for (const res of [
      await as(ann).patch('/api/contact/33699000009', { name: 'Nobody' }),
      await as(ann).delete('/api/contact/33699000009'),
      // Ann is Bob's contact, not Ann's: nobody can reach into another repertoire.
      await as(ann).delete(`/api/contact/${ann.phone}`),
    ]) {
      expect(res.status).toBe(404)
      expect(res.body.error.message).toBe(contactNotFoundMessage)
    }
    expect((await repertoire(ann)).map((c) => c.name)).toEqual(['Bob'])
    expect((await repertoire(bob)).map((c) => c.name)).toEqual(['Ann'])
  })

  it('answers 403 when another owner is named, 401 without a session, 400 for bad input', async () => {
    await as(bob)
      .patch(`/api/contact/${bob.phone}`, { name: 'Mine', phoneOwnerRepertory: ann.phone })
      .expect(403)
    await as(bob).delete(`/api/contact/${bob.phone}?phoneOwnerRepertory=${ann.phone}`).expect(403)
    await request(h.server).patch(`/api/contact/${bob.phone}`).send({ name: 'X' }).expect(401)
    await request(h.server).delete(`/api/contact/${bob.phone}`).expect(401)
    const noName = await as(ann).patch(`/api/contact/${bob.phone}`, { name: '  ' }).expect(400)
    expect(noName.body.error.message).toBe(messages.contact.nameRequired)
    await as(ann).patch('/api/contact/not-a-phone', { name: 'Bob' }).expect(400)
    await as(ann).delete(`/api/contact/${bob.phone}?other=1`).expect(400)
    expect(await repertoire(ann)).toMatchObject([{ name: 'Bob', phone: bob.phone }])
  })
})
