import { commentsRoutes } from '@palabre/contracts'
import type { Actor } from '@palabre/domain'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { useApiHarness } from '../../../test/api-harness.js'
import type { ApiHarness, Member } from '../../../test/api-harness.js'

const boot = useApiHarness()
let h: ApiHarness
let ann: Member, bob: Member, dan: Member

const get = (user: Member, path: string) => h.getAs(user, path)

beforeAll(async () => {
  h = await boot()
  ann = await h.member('33600000001', 'Ann A')
  bob = await h.member('33600000002', 'Bob B')
  dan = await h.member('33600000004', 'Dan D')
  await h.acquaint(ann, bob, dan)
  const { domain } = h.api.ctx
  await domain.posts.send(ann, {
    idPostEmet: 'p',
    text: 'Plan',
    typePoste: '0',
    destinataires: [bob],
    groups: [],
  })
  const comment = (author: Actor, idCmtEmet: string, cmt: string, file = '') => {
    h.clock.advance(1000)
    return domain.comments.add(author, {
      idCmtEmet,
      idPostEmet: 'p',
      cmt,
      image: '',
      fileDocName: file,
      type: file ? '1' : '3',
    })
  }
  await comment(bob, 'c1', 'first')
  // Ann's upload, as the upload call records it.
  await domain.files.record({
    name: 'minutes___abc.pdf',
    uploader: ann.phone,
    kind: 'file',
    mime: 'application/pdf',
    size: 1,
  })
  await comment(ann, 'c2', '', 'minutes___abc.pdf')
  await comment(bob, 'c3', 'third')
})
afterAll(() => h.close())

describe('GET /api/comment/:idPost', () => {
  it('lists every comment in order, as the viewer sees it', async () => {
    const res = await get(ann, '/api/comment/p').expect(200)
    const comments = commentsRoutes.getComments.responses[200].parse(res.body)
    expect(comments.map((c) => [c.data.idCmtEmet, c.type, c.cmtnonlu])).toEqual([
      ['c1', '3', 1],
      ['c2', '1', 0],
      ['c3', '3', 1],
    ])
    expect(comments[1]?.data).toMatchObject({
      emetr_phone: ann.phone,
      fileDocName: 'minutes___abc.pdf',
    })
  })

  it('is for participants only (403), of posts that exist (404)', async () => {
    await get(dan, '/api/comment/p').expect(403)
    await get(dan, '/api/commentFiles/p').expect(403)
    await get(ann, '/api/comment/nope').expect(404)
    await request(h.server).get('/api/comment/p').expect(401)
  })
})

describe('GET /api/commentFiles/:idPost', () => {
  it("lists the files of a post's comments, newest first, from an offset", async () => {
    const res = await get(bob, '/api/commentFiles/p').expect(200)
    expect(commentsRoutes.getCommentFiles.responses[200].parse(res.body)).toEqual([
      expect.objectContaining({
        emet: ann.phone,
        fileDoc: 'minutes___abc.pdf',
        image: '',
        idCmtEmet: 'c2',
      }),
    ])
    expect((await get(bob, '/api/commentFiles/p/1').expect(200)).body).toEqual([])
  })
})

describe('a start joins earlier files to their posts (docs/behaviour.md, "A post\'s files")', () => {
  it("lowers the unread count a post's files raised before the rule", async () => {
    const { domain } = h.api.ctx
    await domain.posts.send(ann, {
      idPostEmet: 'before-the-rule',
      text: 'Procedure',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
    for (const idCmtEmet of ['f1', 'f2']) {
      h.clock.advance(1000)
      await domain.comments.add(ann, {
        idCmtEmet,
        idPostEmet: 'before-the-rule',
        cmt: '',
        image: '',
        fileDocName: 'minutes___abc.pdf',
        type: '1',
      })
    }
    const view = () => get(bob, '/api/postView/before-the-rule').expect(200)
    expect((await view()).body).toMatchObject({ cmtnonlu: 2 })
    // As an api before the rule left the database: no start has joined them yet.
    await domain.connection
      .collection<{ _id: string }>('repairs')
      .deleteOne({ _id: 'post-files-joined' })
    h.clock.advance(1000)

    await h.anotherNode()
    await vi.waitFor(async () => expect((await view()).body).toMatchObject({ cmtnonlu: 0 }), {
      timeout: 120_000,
      interval: 100,
    })
    const thread = commentsRoutes.getComments.responses[200].parse(
      (await get(bob, '/api/comment/before-the-rule').expect(200)).body,
    )
    expect(thread.map((c) => c.partOfPost)).toEqual([true, true])
  })
})
