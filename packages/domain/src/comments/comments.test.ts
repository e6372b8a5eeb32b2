import { messages, pollFileName } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import type { AddCommentInput } from './add-comment.js'
import { commentModel } from './comment-model.js'
import { receiptModel } from './receipt-model.js'
import { steppingClock, useDomainScene } from '../testing/domain-scene.js'

const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
const dan = { phone: '33600000004', name: 'Dan' }
const scene = useDomainScene({ clock: steppingClock(), acquainted: [ann, bob, cat, dan] })
let n = 0
const comment = (
  idPostEmet: string,
  overrides: Partial<AddCommentInput> = {},
): AddCommentInput => ({
  idCmtEmet: `c${n++}`,
  idPostEmet,
  cmt: 'nice',
  image: '',
  fileDocName: '',
  type: '3',
  ...overrides,
})
const general = { scope: { kind: 'general' as const } }

/** `uploader` uploaded these files, as the api records them once stored. */
const uploaded = async (uploader: { phone: string }, ...names: string[]) => {
  for (const name of names)
    await scene.domain.files.record({
      name,
      uploader: uploader.phone,
      kind: name.endsWith('.png') ? 'image' : 'file',
      mime: 'application/octet-stream',
      size: 1,
    })
}

const folderPost = async () => {
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
}

describe('comments', () => {
  it('raise totalcmt, move the post up and count unread for everyone but the author', async () => {
    await scene.domain.posts.send(ann, {
      idPostEmet: 'old',
      text: 'old',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
    await folderPost()
    await scene.domain.posts.send(ann, {
      idPostEmet: 'new',
      text: 'new',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
    const added = await scene.domain.comments.add(bob, comment('old'))
    expect(added.status).toBe('created')
    expect(added.recipients).toEqual([ann.phone])
    const [top] = await scene.domain.posts.page(ann.phone, general, 0)
    expect(top).toMatchObject({
      cmtnonlu: 1,
      data: { idPostEmet: 'old', totalcmt: 1, cmtnonluEmetPost: 1 },
    })
    const [bobTop] = await scene.domain.posts.page(bob.phone, general, 0)
    expect(bobTop).toMatchObject({ cmtnonlu: 0, data: { idPostEmet: 'old', totalcmt: 1 } })
    expect(bobTop?.data.dateLastEvent).toBe(top?.data.dateLastEvent)
  })

  it('are stored once per idCmtEmet', async () => {
    await scene.domain.posts.send(ann, {
      idPostEmet: 'p',
      text: 'p',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
    const input = comment('p')
    await scene.domain.comments.add(bob, input)
    expect((await scene.domain.comments.add(bob, input)).status).toBe('duplicate')
    expect(await commentModel(scene.connection).countDocuments()).toBe(1)
    expect((await scene.domain.posts.page(ann.phone, general, 0))[0]).toMatchObject({
      cmtnonlu: 1,
      data: { totalcmt: 1 },
    })
  })

  it('are refused to non-participants and to former folder members, storing nothing', async () => {
    await folderPost()
    await expect(scene.domain.comments.add(dan, comment('fp'))).rejects.toMatchObject({
      code: 'forbidden',
    })
    await scene.domain.groups.removeParticipants(cat, 'team', [cat.phone])
    await expect(scene.domain.comments.add(cat, comment('fp'))).rejects.toThrow(
      messages.discussion.cannotSend,
    )
    await expect(scene.domain.comments.add(bob, comment('missing'))).rejects.toMatchObject({
      code: 'not_found',
    })
    await expect(scene.domain.comments.add(bob, comment('fp', { cmt: '   ' }))).rejects.toThrow(
      messages.message.empty,
    )
    expect(await commentModel(scene.connection).countDocuments()).toBe(0)
    expect((await scene.domain.posts.page(ann.phone, general, 0))[0]?.data.totalcmt).toBe(0)
  })

  it('list in order for participants only, with the viewer’s unread flag', async () => {
    await folderPost()
    await scene.domain.comments.add(bob, comment('fp', { cmt: 'first' }))
    await uploaded(cat, 'photo___1.png')
    await scene.domain.comments.add(
      cat,
      comment('fp', { cmt: 'second', image: 'photo___1.png', type: '1' }),
    )
    const asAnn = await scene.domain.comments.list(ann.phone, 'fp')
    expect(asAnn.map((c) => [c.data.cmt, c.cmtnonlu])).toEqual([
      ['first', 1],
      ['second', 1],
    ])
    expect(asAnn[0]?.data.destinataires.map((d) => d.phone).sort()).toEqual([ann.phone, cat.phone])
    expect((await scene.domain.comments.list(bob.phone, 'fp')).map((c) => c.cmtnonlu)).toEqual([
      0, 1,
    ])
    await expect(scene.domain.comments.list(dan.phone, 'fp')).rejects.toMatchObject({
      code: 'forbidden',
    })
    await expect(scene.domain.comments.files(dan.phone, 'fp', 0)).rejects.toMatchObject({
      code: 'forbidden',
    })
    expect(await scene.domain.comments.files(ann.phone, 'fp', 0)).toEqual([
      expect.objectContaining({ emet: cat.phone, image: 'photo___1.png', fileDoc: '' }),
    ])
  })

  it('list every kind of file of a thread, newest first, and no quiz', async () => {
    await folderPost()
    await uploaded(bob, 'clip___1.mp4', 'voice___2.ogg', 'slides___3.pptx')
    const quiz = await scene.domain.polls.create(bob.phone, {
      phoneCreatorPoll: bob.phone,
      title: 'Fire drill',
      questions: [
        {
          isAudio: false,
          questionText: 'Exit?',
          possibleAnswers: [{ text: '✓', isAudio: false, isCorrect: true }],
          points: 1,
          isEliminatory: false,
        },
      ],
    })
    const files = [
      'clip___1.mp4',
      'voice___2.ogg',
      pollFileName(quiz.title, quiz.pollId),
      'slides___3.pptx',
    ]
    for (const [index, fileDocName] of files.entries()) {
      await scene.domain.comments.add(
        bob,
        comment('fp', { fileDocName, type: '1', idCmtEmet: `f${index}` }),
      )
    }
    const listed = await scene.domain.comments.files(ann.phone, 'fp', 0)
    expect(listed.map((f) => f.fileDoc)).toEqual([
      'slides___3.pptx',
      'voice___2.ogg',
      'clip___1.mp4',
    ])
    expect((await scene.domain.comments.files(ann.phone, 'fp', 2)).map((f) => f.fileDoc)).toEqual([
      'clip___1.mp4',
    ])
  })

  it('carry only files and quizzes their author may read, storing nothing otherwise', async () => {
    await folderPost()
    // Dan's upload, and Dan's quiz: Bob is in no conversation holding either.
    await uploaded(dan, 'secret___9.pdf')
    const quiz = await scene.domain.polls.create(dan.phone, {
      phoneCreatorPoll: dan.phone,
      title: 'Private',
      questions: [
        {
          isAudio: false,
          questionText: 'Q?',
          possibleAnswers: [{ text: '✓', isAudio: false, isCorrect: true }],
          points: 0,
          isEliminatory: false,
        },
      ],
    })
    for (const attachment of [
      { fileDocName: 'secret___9.pdf' },
      { image: 'thumb_secret___9.pdf' },
      { fileDocName: 'never-uploaded___1.pdf' },
      { fileDocName: pollFileName(quiz.title, quiz.pollId) },
    ]) {
      await expect(
        scene.domain.comments.add(bob, comment('fp', { type: '1', ...attachment })),
      ).rejects.toMatchObject({ code: 'not_found' })
    }
    expect(await commentModel(scene.connection).countDocuments({ idPostEmet: 'fp' })).toBe(0)
    expect(await scene.domain.files.mayRead(ann.phone, 'secret___9.pdf')).toBe(false)
    expect(await scene.domain.polls.mayRead(ann.phone, quiz.pollId)).toBe(false)
    // Once Dan shares the file with Bob, Bob may pass it on.
    await scene.domain.posts.send(dan, {
      idPostEmet: 'dp',
      text: 'for Bob',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
    await scene.domain.comments.add(
      dan,
      comment('dp', { type: '1', fileDocName: 'secret___9.pdf' }),
    )
    await scene.domain.comments.add(
      bob,
      comment('fp', { type: '1', fileDocName: 'secret___9.pdf' }),
    )
    expect(await scene.domain.files.mayRead(ann.phone, 'secret___9.pdf')).toBe(true)
  })

  it("turn '2' when every recipient has it and '4' when every recipient saw it", async () => {
    await folderPost()
    const { comment: c } = await scene.domain.comments.add(ann, comment('fp'))
    const status = async () =>
      (await commentModel(scene.connection).findOne({ idCmtEmet: c.idCmtEmet }).lean())
        ?.tagcmtstatut
    expect(await scene.domain.comments.markDelivered([bob.phone], c.idCmtEmet)).toEqual({
      author: ann.phone,
      idPostEmet: 'fp',
      idCmtEmet: c.idCmtEmet,
      recipients: [bob.phone],
      status: '0',
    })
    expect(await status()).toBe('0')
    // Already delivered: nothing to tell.
    expect(await scene.domain.comments.markDelivered([bob.phone], c.idCmtEmet)).toBeNull()
    await scene.domain.comments.markDelivered([cat.phone], c.idCmtEmet)
    expect(await status()).toBe('2')
    expect(await scene.domain.comments.markSeen(bob.phone, 'fp', [], 'web')).toEqual([
      {
        author: ann.phone,
        idPostEmet: 'fp',
        commentsSeen: [c.idCmtEmet],
        statuses: { [c.idCmtEmet]: '2' },
      },
    ])
    expect(await scene.domain.comments.markSeen(bob.phone, 'fp', [], 'web')).toEqual([])
    expect(await status()).toBe('2')
    await scene.domain.comments.markSeen(cat.phone, 'fp', [c.idCmtEmet], 'web')
    expect(await status()).toBe('4')
    const [own] = await scene.domain.comments.list(ann.phone, 'fp')
    expect(own?.tagcmtstatut).toBe('4')
    expect(own?.data.destinataires.map((d) => d.delivredtoWeb)).toEqual([4, 4])
    expect(await receiptModel(scene.connection).countDocuments({ idCmtEmet: c.idCmtEmet })).toBe(2)
  })

  it('opening resets the viewer’s unread count', async () => {
    await scene.domain.posts.send(ann, {
      idPostEmet: 'p',
      text: 'p',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
    await scene.domain.comments.add(bob, comment('p'))
    await scene.domain.comments.add(bob, comment('p'))
    expect((await scene.domain.posts.page(ann.phone, general, 0))[0]?.cmtnonlu).toBe(2)
    await scene.domain.posts.resetUnread(ann.phone, 'p')
    expect((await scene.domain.posts.page(ann.phone, general, 0))[0]?.cmtnonlu).toBe(0)
  })

  it('on a post whose entries are still being written completes them first', async () => {
    const stored = await scene.domain.posts.store(ann, {
      idPostEmet: 'fresh',
      text: 'just stored',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
    await scene.domain.comments.add(bob, comment('fresh'))
    // The post's own distribution, finishing late, doubles nothing.
    expect(await scene.domain.posts.distribute(stored)).toHaveLength(2)
    expect((await scene.domain.posts.page(ann.phone, general, 0))[0]).toMatchObject({
      cmtnonlu: 1,
      data: { idPostEmet: 'fresh', totalcmt: 1 },
    })
    expect(await scene.domain.posts.count(bob.phone, general)).toBe(1)
  })

  it('are distributed once, even when asked again', async () => {
    await scene.domain.posts.send(ann, {
      idPostEmet: 'p',
      text: 'p',
      typePoste: '0',
      destinataires: [bob],
      groups: [],
    })
    const added = await scene.domain.comments.store(bob, comment('p'))
    await scene.domain.comments.distribute(added)
    const again = await scene.domain.comments.store(bob, {
      ...comment('p'),
      idCmtEmet: added.comment.idCmtEmet,
    })
    expect(again.status).toBe('duplicate')
    await scene.domain.comments.distribute(again)
    expect((await scene.domain.posts.page(ann.phone, general, 0))[0]).toMatchObject({
      cmtnonlu: 1,
      data: { totalcmt: 1 },
    })
  })
})
