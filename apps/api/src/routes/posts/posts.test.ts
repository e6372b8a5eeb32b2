import { postsRoutes } from '@palabre/contracts'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'

const boot = useApiHarness()
let h: ApiHarness
let ann: Member, bob: Member, cat: Member, dan: Member

const get = (user: Member, path: string) => h.getAs(user, path)
const send = async (
  from: Member,
  idPostEmet: string,
  text: string,
  to: Member[],
  groups: string[] = [],
) => {
  h.clock.advance(1000)
  await h.api.ctx.domain.posts.send(from, {
    idPostEmet,
    text,
    typePoste: '0',
    destinataires: to.map((m) => ({ phone: m.phone, name: m.name })),
    groups: groups.map((idGroup) => ({ idGroup, name: '' })),
  })
}
const ids = (body: { data: { idPostEmet: string } }[]) => body.map((p) => p.data.idPostEmet)

beforeAll(async () => {
  h = await boot()
  ann = await h.member('33600000001', 'Ann A')
  bob = await h.member('33600000002', 'Bob B')
  cat = await h.member('33600000003', 'Cat C')
  dan = await h.member('33600000004', 'Dan D')
  await h.acquaint(ann, bob, cat, dan)
  await h.api.ctx.domain.groups.create(ann, {
    idGroup: 'team',
    nomGroup: 'Team',
    noName: '0',
    participants: [bob, cat],
  })
  for (let i = 0; i < 11; i++) await send(ann, `d${i}`, `Direct note ${i}`, [bob])
  await send(cat, 'f0', 'Folder BUDGET', [], ['team'])
  await send(bob, 'f1', 'folder news', [], ['team'])
  await send(dan, 'secret', 'budget for Cat only', [cat])
})
afterAll(() => h.close())

describe('wall counts and pages', () => {
  it('general: a JSON number and pages of 10 from page 0, latest activity first', async () => {
    expect((await get(bob, `/api/post/${bob.phone}`).expect(200)).body).toBe(13)
    const page0 = await get(bob, `/api/post/${bob.phone}/0`).expect(200)
    const parsed = postsRoutes.getPostsPage.responses[200].parse(page0.body)
    expect(ids(parsed)).toEqual(['f1', 'f0', 'd10', 'd9', 'd8', 'd7', 'd6', 'd5', 'd4', 'd3'])
    expect(parsed[0]).toMatchObject({
      data: { emetr_phone: bob.phone, groups: [{ idGroup: 'team', name: 'Team' }] },
      cmtnonlu: 0,
    })
    expect(ids((await get(bob, `/api/post/${bob.phone}/1`).expect(200)).body)).toEqual([
      'd2',
      'd1',
      'd0',
    ])
  })

  it('contact and folder scopes', async () => {
    expect((await get(bob, `/api/postContact/${bob.phone}/${ann.phone}`).expect(200)).body).toBe(11)
    expect(
      (
        await get(
          ann,
          `/api/postContact/${ann.phone}/${encodeURIComponent(`+${bob.phone}`)}`,
        ).expect(200)
      ).body,
    ).toBe(11)
    expect(
      ids((await get(bob, `/api/postContact/${bob.phone}/${ann.phone}/1`).expect(200)).body),
    ).toEqual(['d0'])
    expect((await get(ann, `/api/postGroup/${ann.phone}/team`).expect(200)).body).toBe(2)
    expect(ids((await get(ann, `/api/postGroup/${ann.phone}/team/0`).expect(200)).body)).toEqual([
      'f1',
      'f0',
    ])
    await get(dan, `/api/postGroup/${dan.phone}/team`).expect(403)
    await get(dan, `/api/postGroup/${dan.phone}/team/0`).expect(403)
  })

  it('search: literal, case-insensitive, within the scope', async () => {
    expect((await get(cat, `/api/search/${cat.phone}/budget`).expect(200)).body).toBe(2)
    expect(ids((await get(cat, `/api/search/${cat.phone}/0/BUDGET`).expect(200)).body)).toEqual([
      'secret',
      'f0',
    ])
    expect(
      (await get(cat, `/api/searchPostContact/${cat.phone}/${dan.phone}/budget`).expect(200)).body,
    ).toBe(1)
    expect(
      ids(
        (await get(cat, `/api/searchPostContact/${cat.phone}/0/${dan.phone}/budget`).expect(200))
          .body,
      ),
    ).toEqual(['secret'])
    expect((await get(cat, `/api/searchPostGroup/${cat.phone}/team/budget`).expect(200)).body).toBe(
      1,
    )
    expect(
      ids((await get(cat, `/api/searchPostGroup/${cat.phone}/0/team/budget`).expect(200)).body),
    ).toEqual(['f0'])
    expect(
      (await get(bob, `/api/search/${bob.phone}/${encodeURIComponent('note .*')}`).expect(200))
        .body,
    ).toBe(0)
    // A blank word is no search word.
    await get(bob, `/api/search/${bob.phone}/${encodeURIComponent('   ')}`).expect(400)
  })

  it('never shows a post to someone who is not part of it', async () => {
    expect((await get(ann, `/api/search/${ann.phone}/budget`).expect(200)).body).toBe(1)
    expect(ids((await get(ann, `/api/post/${ann.phone}/0`).expect(200)).body)).not.toContain(
      'secret',
    )
    expect((await get(bob, `/api/postContact/${bob.phone}/${dan.phone}`).expect(200)).body).toBe(0)
    expect(
      (await get(ann, `/api/searchPostContact/${ann.phone}/${dan.phone}/budget`).expect(200)).body,
    ).toBe(0)
  })

  it("answers 403 for another user's phone and 401 without a session", async () => {
    for (const path of [
      `/api/post/${bob.phone}`,
      `/api/post/${bob.phone}/0`,
      `/api/postContact/${bob.phone}/${ann.phone}`,
      `/api/postContact/${bob.phone}/${ann.phone}/0`,
      `/api/postGroup/${bob.phone}/team/0`,
      `/api/search/${bob.phone}/note`,
      `/api/search/${bob.phone}/0/note`,
      `/api/searchPostGroup/${bob.phone}/0/team/note`,
      `/api/userSocketWeb/${bob.phone}`,
    ])
      await get(ann, path).expect(403)
    await request(h.server).get(`/api/post/${bob.phone}`).expect(401)
  })

  it('one post by id, as each participant sees it, and 404 for anyone else', async () => {
    const asSender = (await get(ann, '/api/postView/d3').expect(200)).body
    expect(postsRoutes.getPost.responses[200].parse(asSender).data.text).toBe('Direct note 3')
    expect(asSender.data.destinataires.map((r: { phone: string }) => r.phone)).toEqual([bob.phone])
    const asRecipient = (await get(bob, '/api/postView/d3').expect(200)).body
    expect(asRecipient.data.idPostEmet).toBe('d3')
    expect((await get(cat, '/api/postView/f1').expect(200)).body.data.text).toBe('folder news')
    // Not a participant, and a post that does not exist, answer alike: nothing leaks.
    expect((await get(cat, '/api/postView/d3').expect(404)).body.error.code).toBe('not_found')
    await get(cat, '/api/postView/nope').expect(404)
    await request(h.server).get('/api/postView/d3').expect(401)
  })

  it("answers userSocketWeb with '' when no web socket is live", async () => {
    expect((await get(bob, `/api/userSocketWeb/${bob.phone}`).expect(200)).body).toBe('')
  })
})
