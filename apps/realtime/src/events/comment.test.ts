import { commentSchema, messages } from '@palabre/contracts'
import type { Comment } from '@palabre/contracts'
import { beforeEach, describe, expect, it } from 'vitest'
import { barrier, collect, emitAck, nextEvent, until } from '../../test/harness.js'
import type { TestUser } from '../../test/harness.js'
import { useRealtimeScene } from '../../test/scene.js'

const scene = useRealtimeScene()
const { ann, bob, cat, dan } = scene.users
const { connect } = scene
beforeEach(async () => {
  await scene.domain.groups.create(ann, {
    idGroup: 'team',
    nomGroup: 'Team',
    noName: '0',
    participants: [bob, cat],
  })
  await scene.domain.posts.send(ann, {
    idPostEmet: 'fp',
    text: 'folder post',
    typePoste: '0',
    destinataires: [],
    groups: [{ idGroup: 'team', name: 'Team' }],
  })
})

let n = 0
const comment = (from: TestUser, overrides: Record<string, unknown> = {}) => ({
  emetr_phone: from.phone,
  emetr_name: from.name,
  cmt: 'Agreed',
  idPostEmet: 'fp',
  idCmtEmet: `cmt-${n++}`,
  typecommente: '3',
  ...overrides,
})
const general = { scope: { kind: 'general' as const } }

describe('comment', () => {
  it('is stored, acked 1, fanned out to the other participants and the author’s other tabs', async () => {
    const bobTab1 = await connect(bob)
    const bobTab2 = await connect(bob)
    const annSocket = await connect(ann)
    const catSocket = await connect(cat)
    const toAnn = nextEvent<Comment>(annSocket, 'comment')
    const toCat = nextEvent<Comment>(catSocket, 'comment')
    const toOtherTab = nextEvent<Comment>(bobTab2, 'commentForOtherToMe')
    const deliveredToAuthor = collect<{ idCmtEmet: string; phones: string[] }>(
      bobTab2,
      'commentCallback',
    )
    const payload = comment(bob)
    expect(await emitAck(bobTab1, 'comment', payload)).toBe(1)
    const received = commentSchema.parse(await toAnn)
    expect(received).toMatchObject({
      type: '3',
      cmtnonlu: 1,
      data: {
        cmt: 'Agreed',
        emetr_phone: bob.phone,
        emetr_name: 'Bob B',
        idCmtEmet: payload.idCmtEmet,
      },
    })
    expect((await toCat).data.idCmtEmet).toBe(payload.idCmtEmet)
    expect((await toOtherTab).data.idCmtEmet).toBe(payload.idCmtEmet)
    const [annTop] = await scene.domain.posts.page(ann.phone, general, 0)
    expect(annTop).toMatchObject({ cmtnonlu: 1, data: { totalcmt: 1 } })
    // Both recipients acknowledged: the comment is delivered to all ('2'), and the author's
    // tabs are told who has it.
    await until(
      async () => (await scene.domain.comments.list(bob.phone, 'fp'))[0]?.tagcmtstatut === '2',
    )
    await until(() => {
      const phones = deliveredToAuthor.flatMap((d) => d.phones)
      return phones.includes(ann.phone) && phones.includes(cat.phone)
    })
    expect(deliveredToAuthor.every((d) => d.idCmtEmet === payload.idCmtEmet)).toBe(true)
  })

  it('is refused with an error ack to a non-member, storing nothing', async () => {
    const danSocket = await connect(dan)
    const annSocket = await connect(ann)
    const toAnn = collect(annSocket, 'comment')
    expect(await emitAck(danSocket, 'comment', comment(dan))).toMatchObject({
      error: { code: 'forbidden' },
    })
    await scene.domain.groups.removeParticipants(cat, 'team', [cat.phone])
    const catSocket = await connect(cat)
    expect(await emitAck(catSocket, 'comment', comment(cat))).toEqual({
      error: { code: 'forbidden', message: messages.discussion.cannotSend },
    })
    // Refused before anything is sent: a comment sent anyway would be ahead of the barrier.
    await barrier(annSocket)
    expect(toAnn).toEqual([])
    expect(await scene.domain.comments.list(ann.phone, 'fp')).toEqual([])
  })

  it('refuses invalid payloads and a foreign author, storing nothing', async () => {
    const bobSocket = await connect(bob)
    expect(await emitAck(bobSocket, 'comment', comment(bob, { cmt: '   ' }))).toMatchObject({
      error: { code: 'validation_failed', message: messages.message.empty },
    })
    expect(
      await emitAck(bobSocket, 'comment', comment(bob, { image: '../../etc/passwd' })),
    ).toMatchObject({ error: { code: 'validation_failed' } })
    expect(
      await emitAck(bobSocket, 'comment', comment(bob, { idPostEmet: 'missing' })),
    ).toMatchObject({ error: { code: 'not_found' } })
    // A file Bob cannot read (Dan's upload) is not his to put in a conversation.
    await scene.domain.files.record({
      name: 'dans___d1.pdf',
      uploader: dan.phone,
      kind: 'file',
      mime: 'application/pdf',
      size: 1,
    })
    expect(
      await emitAck(
        bobSocket,
        'comment',
        comment(bob, { fileDocName: 'dans___d1.pdf', typecommente: '1', cmt: '' }),
      ),
    ).toMatchObject({ error: { code: 'not_found' } })
    expect(await emitAck(bobSocket, 'comment', comment(cat))).toMatchObject({
      error: { code: 'forbidden' },
    })
    expect(await scene.domain.comments.list(ann.phone, 'fp')).toEqual([])
  })

  it('re-emitted stores nothing new and acks 1', async () => {
    const bobSocket = await connect(bob)
    const annSocket = await connect(ann)
    const toAnn = collect(annSocket, 'comment')
    const payload = comment(bob)
    expect(await emitAck(bobSocket, 'comment', payload)).toBe(1)
    expect(await emitAck(bobSocket, 'comment', payload)).toBe(1)
    await barrier(annSocket)
    expect(toAnn).toHaveLength(1)
    expect(await scene.domain.comments.list(ann.phone, 'fp')).toHaveLength(1)
  })
})

describe('a post\'s files (docs/behaviour.md, "A post\'s files")', () => {
  it('reach the recipient as the post’s own: no unread count, marked partOfPost', async () => {
    const annSocket = await connect(ann)
    const bobSocket = await connect(bob)
    for (const name of ['plan___p1.png', 'rules___p2.pdf'])
      await scene.domain.files.record({
        name,
        uploader: ann.phone,
        kind: name.endsWith('.png') ? 'image' : 'file',
        mime: 'application/octet-stream',
        size: 1,
      })
    const arrived = nextEvent(bobSocket, 'message')
    const post = {
      idPostEmet: 'with-files',
      emetr_phone: ann.phone,
      emetr_name: 'Ann A',
      text: '',
      pieceJointSMS: '1',
      typePoste: '0',
      destinataires: JSON.stringify([{ phone: bob.phone, name: 'Bobby' }]),
      groups: '[]',
    }
    expect(await emitAck(annSocket, 'message', post)).toBe(1)
    await arrived
    const files = collect<Comment>(bobSocket, 'comment')
    for (const attachment of [{ image: 'plan___p1.png' }, { fileDocName: 'rules___p2.pdf' }])
      expect(
        await emitAck(
          annSocket,
          'comment',
          comment(ann, { idPostEmet: 'with-files', cmt: '', typecommente: '1', ...attachment }),
        ),
      ).toBe(1)
    await until(() => files.length === 2)
    expect(files.map((file) => commentSchema.parse(file).partOfPost)).toEqual([true, true])
    const [top] = await scene.domain.posts.page(bob.phone, general, 0)
    expect(top).toMatchObject({ cmtnonlu: 0, data: { idPostEmet: 'with-files', totalcmt: 2 } })
    // Bob's answer is a comment like any other: it counts for Ann.
    expect(await emitAck(bobSocket, 'comment', comment(bob, { idPostEmet: 'with-files' }))).toBe(1)
    const [annTop] = await scene.domain.posts.page(ann.phone, general, 0)
    expect(annTop).toMatchObject({ cmtnonlu: 1, data: { totalcmt: 3 } })
  })
})
