import { describe, expect, it } from 'vitest'
import { repairModel } from '../files/repair-model.js'
import { entryId, inboxEntryModel } from '../posts/inbox-model.js'
import type { SendPostInput } from '../posts/send-post.js'
import { steppingClock, useDomainScene } from '../testing/domain-scene.js'
import type { AddCommentInput } from './add-comment.js'
import { commentModel } from './comment-model.js'
import { joinEarlierPostFiles } from './post-files.js'

// docs/behaviour.md, "A post's files".
const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
const scene = useDomainScene({ clock: steppingClock(), acquainted: [ann, bob, cat] })
const general = { scope: { kind: 'general' as const } }

let n = 0
const file = (idPostEmet: string, overrides: Partial<AddCommentInput> = {}): AddCommentInput => ({
  idCmtEmet: `f${n++}`,
  idPostEmet,
  cmt: '',
  image: '',
  fileDocName: 'Safety___a1.pdf',
  type: '1',
  ...overrides,
})
const text = (idPostEmet: string, cmt: string): AddCommentInput => ({
  ...file(idPostEmet),
  cmt,
  fileDocName: '',
  type: '3',
})

const uploaded = async (...names: string[]) => {
  for (const name of names)
    await scene.domain.files.record({
      name,
      uploader: ann.phone,
      kind: name.endsWith('.png') ? 'image' : 'file',
      mime: 'application/octet-stream',
      size: 1,
    })
}

const post = (idPostEmet: string, overrides: Partial<SendPostInput> = {}) =>
  scene.domain.posts.send(ann, {
    idPostEmet,
    text: 'The procedure',
    typePoste: '0',
    destinataires: [bob, cat],
    groups: [],
    hasAttachments: true,
    ...overrides,
  })

const entryOf = (idPostEmet: string, phone: string) =>
  inboxEntryModel(scene.connection)
    .findOne({ _id: entryId(idPostEmet, phone) })
    .lean()

const unreadOf = async (idPostEmet: string, phone: string) =>
  (await entryOf(idPostEmet, phone))?.cmtnonlu

describe("a post's files", () => {
  it('raise no unread count when the post said they follow', async () => {
    await uploaded('Safety___a1.pdf', 'Plan___a2.png', 'Map___a3.png')
    await post('p')
    await scene.domain.comments.add(ann, file('p'))
    await scene.domain.comments.add(ann, file('p', { fileDocName: '', image: 'Plan___a2.png' }))
    await scene.domain.comments.add(ann, file('p', { fileDocName: '', image: 'Map___a3.png' }))

    const [top] = await scene.domain.posts.page(bob.phone, general, 0)
    expect(top).toMatchObject({ cmtnonlu: 0, data: { idPostEmet: 'p', totalcmt: 3 } })
    expect(await unreadOf('p', cat.phone)).toBe(0)
    const thread = await scene.domain.comments.list(bob.phone, 'p')
    expect(thread.map((c) => c.partOfPost)).toEqual([true, true, true])
    // Still new to Bob until he opens it: the post itself, not its files.
    expect((await entryOf('p', bob.phone))?.unread).toBe(true)
    await scene.domain.posts.markSeen(bob.phone, 'p', 'web')
    expect((await entryOf('p', bob.phone))?.unread).toBe(false)
  })

  it("end with anyone else's comment: later files of the author count again", async () => {
    await uploaded('Safety___a1.pdf', 'Late___a4.pdf')
    await post('p')
    await scene.domain.comments.add(ann, file('p'))
    await scene.domain.comments.add(bob, text('p', 'Bien reçu'))
    await scene.domain.comments.add(ann, file('p', { fileDocName: 'Late___a4.pdf' }))

    // Bob's comment counts for Ann and Cat; Ann's later file counts for Bob and Cat.
    expect(await unreadOf('p', ann.phone)).toBe(1)
    expect(await unreadOf('p', bob.phone)).toBe(1)
    expect(await unreadOf('p', cat.phone)).toBe(2)
    const thread = await scene.domain.comments.list(cat.phone, 'p')
    expect(thread.map((c) => c.partOfPost ?? false)).toEqual([true, false, false])
  })

  it("are the author's attachments only: their own text comments count and do not end it", async () => {
    await uploaded('Safety___a1.pdf', 'Plan___a2.png')
    await post('p')
    await scene.domain.comments.add(ann, text('p', 'See the plan'))
    await scene.domain.comments.add(ann, file('p', { fileDocName: '', image: 'Plan___a2.png' }))
    expect(await unreadOf('p', bob.phone)).toBe(1)
    const thread = await scene.domain.comments.list(bob.phone, 'p')
    expect(thread.map((c) => c.partOfPost ?? false)).toEqual([false, true])
  })

  it('are comments like any other when the post did not say its files follow', async () => {
    await uploaded('Safety___a1.pdf')
    await post('p', { hasAttachments: false })
    await scene.domain.comments.add(ann, file('p'))
    expect(await unreadOf('p', bob.phone)).toBe(1)
    expect((await scene.domain.comments.list(bob.phone, 'p'))[0]?.partOfPost).toBeUndefined()
  })

  it('keep the decision when a file is sent again after the window closed', async () => {
    await uploaded('Safety___a1.pdf')
    await post('p')
    const first = file('p')
    await scene.domain.comments.add(ann, first)
    await scene.domain.comments.add(bob, text('p', 'Merci'))
    const again = await scene.domain.comments.add(ann, first)
    expect(again.status).toBe('duplicate')
    expect(again.comment.partOfPost).toBe(true)
    expect(await unreadOf('p', cat.phone)).toBe(1)
  })
})

describe('joining earlier files to their posts', () => {
  /** A post and its files as they were stored before the rule: counted as unread comments. */
  const earlier = async (idPostEmet: string) => {
    await post(idPostEmet, { hasAttachments: false })
    await scene.domain.comments.add(ann, file(idPostEmet))
    await scene.domain.comments.add(ann, file(idPostEmet))
  }

  it('lowers the unread counts once, for those who had not seen them, and marks it done', async () => {
    await uploaded('Safety___a1.pdf')
    await earlier('p')
    // Cat saw the files' comments: her count was already cleared by opening the post.
    await scene.domain.posts.markSeen(cat.phone, 'p', 'web')
    await scene.domain.comments.markSeen(cat.phone, 'p', [], 'web')
    await scene.domain.comments.add(bob, text('p', 'Bien reçu'))
    expect(await unreadOf('p', bob.phone)).toBe(2)
    expect(await unreadOf('p', cat.phone)).toBe(1)
    const before = (await entryOf('p', bob.phone))?.seq ?? 0

    expect(await joinEarlierPostFiles(scene.connection, () => new Date())).toEqual({
      joined: 2,
      lowered: 2,
    })
    expect(await unreadOf('p', bob.phone)).toBe(0)
    // Bob's own comment came after the files: Cat still has it unread.
    expect(await unreadOf('p', cat.phone)).toBe(1)
    expect((await entryOf('p', cat.phone))?.unread).toBe(true)
    // Bob never opened the post: it stays new to him; his tabs catch the change up.
    expect((await entryOf('p', bob.phone))?.unread).toBe(true)
    expect((await entryOf('p', bob.phone))?.seq).toBeGreaterThan(before)
    const thread = await scene.domain.comments.list(bob.phone, 'p')
    expect(thread.map((c) => c.partOfPost ?? false)).toEqual([true, true, false])

    expect(await repairModel(scene.connection).exists({ _id: 'post-files-joined' })).toBeTruthy()
    expect(await joinEarlierPostFiles(scene.connection, () => new Date())).toEqual({
      joined: 0,
      lowered: 0,
    })
  })

  it("leaves files sent after someone else's comment, or long after the post", async () => {
    await uploaded('Safety___a1.pdf')
    await post('answered', { hasAttachments: false })
    await scene.domain.comments.add(bob, text('answered', 'Where is it?'))
    await scene.domain.comments.add(ann, file('answered'))
    await post('later', { hasAttachments: false })
    const late = file('later')
    await scene.domain.comments.add(ann, late)
    // The file came two minutes after its post.
    await commentModel(scene.connection).updateOne(
      { _id: late.idCmtEmet },
      { $set: { dateCreation: new Date(Date.UTC(2030, 0, 1)) } },
    )

    expect(
      await joinEarlierPostFiles(scene.connection, () => new Date(Date.UTC(2031, 0, 1))),
    ).toEqual({
      joined: 0,
      lowered: 0,
    })
    expect(await unreadOf('answered', cat.phone)).toBe(2)
    expect(await unreadOf('later', bob.phone)).toBe(1)
  })

  it('looks only at comments stored before it started', async () => {
    await uploaded('Safety___a1.pdf')
    await earlier('p')
    const start = new Date(Date.UTC(2000, 0, 1))
    expect(await joinEarlierPostFiles(scene.connection, () => start)).toEqual({
      joined: 0,
      lowered: 0,
    })
    expect(await unreadOf('p', bob.phone)).toBe(2)
  })
})
