// Announcements in the domain (docs/announcements.md): whom they reach, pinned until confirmed,
// confirmations once, the report, reminders, files, and the discussion that goes to the author.
import { beforeEach, describe, expect, it } from 'vitest'
import { inboxEntryModel } from '../posts/inbox-model.js'
import { entryId } from '../posts/inbox-model.js'
import { postModel } from '../posts/post-model.js'
import { markConfirmedAnnouncementsSeen, recountConfirmations } from './confirmations.js'
import { steppingClock, useDomainScene } from '../testing/domain-scene.js'

const boss = { phone: '33600000100', name: 'Boss' }
const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
const everyone = [boss, ann, bob, cat]

const scene = useDomainScene({ clock: steppingClock(), maxAnnouncementRecipients: 3 })
const announcements = () => scene.domain.announcements

beforeEach(async () => {
  for (const person of everyone)
    await scene.domain.users.register({
      phone: person.phone,
      nomPrenom: person.name,
      indicatif: '33',
      mail: `${person.phone}@example.test`,
      password: 'secret-pass',
    })
})

/** A stored file's record, as an upload leaves it. */
const recordFile = (name: string, uploader: typeof ann, kind: 'image' | 'file', mime: string) =>
  scene.domain.files.record({
    name,
    uploader: uploader.phone,
    kind,
    mime,
    size: 10,
    durationSeconds: null,
  })

const pinnedIds = async (phone: string) =>
  (await announcements().pinned(phone)).map((p) => p.data.idPostEmet)

/** A person's inbox entry of a post, as stored. */
const entryOf = (idPostEmet: string, phone: string) =>
  inboxEntryModel(scene.connection)
    .findOne({ _id: entryId(idPostEmet, phone) })
    .lean()

/** The author comments on their announcement: each recipient has one unread comment. */
let commentNumber = 0
const authorComments = (idPostEmet: string) =>
  scene.domain.comments.add(boss, {
    idPostEmet,
    idCmtEmet: `c-${commentNumber++}`,
    cmt: 'Any question?',
    image: '',
    fileDocName: '',
    type: '3',
  })

describe('an announcement', () => {
  it('reaches every active member but its author, pinned on each wall, and is audited', async () => {
    await scene.domain.organisation.members.deactivate(boss.phone, cat.phone)
    const { post, recipients, view } = await announcements().announce(boss, { text: 'All hands' })
    expect(recipients.sort()).toEqual([ann.phone, bob.phone])
    expect(post).toMatchObject({ typePoste: 'announcement', emetr_phone: boss.phone })
    expect(view.data).toMatchObject({
      typePoste: 'announcement',
      text: 'All hands',
      announcement: { recipients: 2, confirmedAt: null },
    })
    expect(await pinnedIds(ann.phone)).toEqual([post.idPostEmet])
    expect(await pinnedIds(cat.phone)).toEqual([])
    expect(await pinnedIds(boss.phone)).toEqual([])
    // It is among their posts too, and the author's.
    const [onWall] = await scene.domain.posts.page(ann.phone, { scope: { kind: 'general' } }, 0)
    expect(onWall?.data).toMatchObject({
      idPostEmet: post.idPostEmet,
      announcement: { recipients: 2, confirmedAt: null },
    })
    const [authors] = await scene.domain.posts.page(boss.phone, { scope: { kind: 'general' } }, 0)
    expect(authors?.data.announcement).toEqual({ recipients: 2, confirmed: 0 })
    const audit = await scene.domain.organisation.audit.list({ n: 0, phone: boss.phone })
    expect(audit.items[0]).toMatchObject({
      action: 'announce',
      details: { idPostEmet: post.idPostEmet, start: 'All hands', recipients: 2, folders: [] },
    })
  })

  it('to folders reaches their active members only', async () => {
    await scene.domain.contacts.save(boss.phone, { name: 'Ann', phone: ann.phone })
    await scene.domain.groups.create(boss, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: [ann],
    })
    const { recipients, post } = await announcements().announce(boss, {
      text: 'Team only',
      folderIds: ['team'],
    })
    expect(recipients).toEqual([ann.phone])
    expect(post.groups).toEqual([{ idGroup: 'team', name: 'Team' }])
    await expect(
      announcements().announce(boss, { text: 'x', folderIds: ['nope'] }),
    ).rejects.toMatchObject({ code: 'not_found' })
  })

  it('is refused past MAX_ANNOUNCEMENT_RECIPIENTS, and when it would reach nobody', async () => {
    await scene.domain.users.register({
      phone: '33600000004',
      nomPrenom: 'Dan',
      indicatif: '33',
      mail: 'dan@example.test',
      password: 'secret-pass',
    })
    await expect(announcements().announce(boss, { text: 'Too many' })).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'An announcement reaches at most 3 people.',
    })
    for (const p of [ann, bob, cat, { phone: '33600000004' }])
      await scene.domain.organisation.members.deactivate(boss.phone, p.phone)
    // Well formed, and impossible while nobody else is active: a conflict (409), not bad input.
    await expect(announcements().announce(boss, { text: 'Nobody' })).rejects.toMatchObject({
      code: 'conflict',
      message: 'This announcement would reach nobody.',
    })
    expect(await inboxEntryModel(scene.connection).countDocuments()).toBe(0)
  })
})

describe('confirming', () => {
  it('unpins once, keeps the first time, and shows in the report with names', async () => {
    const { post } = await announcements().announce(boss, { text: 'Read me' })
    const id = post.idPostEmet
    const first = await announcements().confirm(ann.phone, id)
    expect(first).toMatchObject({ first: true, author: boss.phone, name: 'Ann', confirmed: 1 })
    expect(first.total).toBe(3)
    const again = await announcements().confirm(ann.phone, id)
    expect(again).toMatchObject({ first: false, confirmed: 1 })
    expect(again.confirmedAt).toEqual(first.confirmedAt)
    expect(await pinnedIds(ann.phone)).toEqual([])
    expect(await pinnedIds(bob.phone)).toEqual([id])
    const authors = await scene.domain.posts.view(boss.phone, id)
    expect(authors?.data.announcement).toEqual({ recipients: 3, confirmed: 1 })
    const view = await scene.domain.posts.view(ann.phone, id)
    expect(view?.data.announcement).toEqual({
      recipients: 3,
      confirmedAt: first.confirmedAt.toISOString(),
    })

    expect(await announcements().report(id)).toEqual({
      total: 3,
      confirmed: [{ phone: ann.phone, name: 'Ann', at: first.confirmedAt.toISOString() }],
      pending: [
        { phone: bob.phone, name: 'Bob' },
        { phone: cat.phone, name: 'Cat' },
      ],
    })
    // Its author, a stranger and another post are no recipients of it.
    for (const [phone, postId] of [
      [boss.phone, id],
      ['33600000999', id],
      [ann.phone, 'nope'],
    ] as const)
      await expect(announcements().confirm(phone, postId)).rejects.toMatchObject({
        code: 'not_found',
      })
  })

  it('is reading it: seen on the web, nothing unread, a new sequence, the author told once', async () => {
    const { post } = await announcements().announce(boss, { text: 'Read means read' })
    const id = post.idPostEmet
    await authorComments(id)
    const before = await entryOf(id, ann.phone)
    expect(before).toMatchObject({ delivredtoWeb: 0, cmtnonlu: 1, unread: true })
    const authorsBefore = await entryOf(id, boss.phone)

    const first = await announcements().confirm(ann.phone, id)
    expect(first).toMatchObject({ first: true, seen: true })
    const after = await entryOf(id, ann.phone)
    expect(after).toMatchObject({ delivredtoWeb: 4, cmtnonlu: 0, unread: false })
    expect(after?.seq).toBeGreaterThan(before?.seq ?? Infinity)
    // Her other devices' catch-up brings it read; the author's brings her mark.
    const caughtUp = await scene.domain.sync.changesSince(ann.phone, before?.seq ?? 0)
    expect(caughtUp.posts.find((p) => p.data.idPostEmet === id)).toMatchObject({
      delivredtoWeb: 4,
      cmtnonlu: 0,
    })
    expect((await entryOf(id, boss.phone))?.seq).toBeGreaterThan(authorsBefore?.seq ?? Infinity)

    // Again: nothing changes, and nobody is told again.
    const again = await announcements().confirm(ann.phone, id)
    expect(again).toMatchObject({ first: false, seen: false })
    expect((await entryOf(id, ann.phone))?.seq).toBe(after?.seq)
  })

  it('after opening it marks nothing seen again, and keeps a later comment unread', async () => {
    const { post } = await announcements().announce(boss, { text: 'Opened first' })
    const id = post.idPostEmet
    await scene.domain.posts.markSeen(bob.phone, id, 'web')
    expect(await announcements().confirm(bob.phone, id)).toMatchObject({
      first: true,
      seen: false,
    })
    await authorComments(id)
    await announcements().confirm(bob.phone, id)
    expect(await entryOf(id, bob.phone)).toMatchObject({ cmtnonlu: 1, unread: true })
  })

  it('twice at once counts once', async () => {
    const { post } = await announcements().announce(boss, { text: 'Race' })
    const [a, b] = await Promise.all([
      announcements().confirm(bob.phone, post.idPostEmet),
      announcements().confirm(bob.phone, post.idPostEmet),
    ])
    expect([a.first, b.first].sort()).toEqual([false, true])
    expect(a.confirmedAt).toEqual(b.confirmedAt)
  })
})

describe('the count of confirmations', () => {
  /** The author's count, as their card reads it. */
  const authorsCount = async (id: string) =>
    (await scene.domain.posts.view(boss.phone, id))?.data.announcement

  /** The counter as a server killed between a confirmation and its count leaves it. */
  const loseOneCount = (id: string) =>
    postModel(scene.connection).updateOne({ _id: id }, { $inc: { confirmedCount: -1 } })

  it('is set again from the entries by a recount, which then finds nothing to set', async () => {
    const { post } = await announcements().announce(boss, { text: 'Count me' })
    const id = post.idPostEmet
    await announcements().confirm(ann.phone, id)
    await announcements().confirm(bob.phone, id)
    await loseOneCount(id)
    expect(await authorsCount(id)).toEqual({ recipients: 3, confirmed: 1 })
    expect((await announcements().report(id)).confirmed).toHaveLength(2)

    expect(await recountConfirmations(scene.connection)).toEqual({
      announcements: 1,
      repaired: 1,
    })
    expect(await authorsCount(id)).toEqual({ recipients: 3, confirmed: 2 })
    // The next confirmation counts on from there.
    expect((await announcements().confirm(cat.phone, id)).confirmed).toBe(3)
    expect(await recountConfirmations(scene.connection)).toEqual({
      announcements: 1,
      repaired: 0,
    })
  })

  it('of some authors only recounts their announcements', async () => {
    const { post: mine } = await announcements().announce(boss, { text: 'Mine' })
    const { post: hers } = await announcements().announce(ann, { text: 'Hers' })
    await announcements().confirm(bob.phone, mine.idPostEmet)
    await announcements().confirm(bob.phone, hers.idPostEmet)
    await loseOneCount(mine.idPostEmet)
    await loseOneCount(hers.idPostEmet)

    expect(await recountConfirmations(scene.connection, [ann.phone])).toEqual({
      announcements: 1,
      repaired: 1,
    })
    expect((await scene.domain.posts.view(ann.phone, hers.idPostEmet))?.data.announcement).toEqual({
      recipients: 3,
      confirmed: 1,
    })
    expect(await authorsCount(mine.idPostEmet)).toEqual({ recipients: 3, confirmed: 0 })
  })
})

describe('confirmations stored before confirming was reading', () => {
  /** Her entry as confirming left it before it marked the post seen. */
  const asConfirmedBefore = (id: string, phone: string) =>
    inboxEntryModel(scene.connection).updateOne(
      { _id: entryId(id, phone) },
      { $set: { delivred: 2, delivredtoWeb: 0, cmtnonlu: 1, unread: true } },
    )

  it('are marked seen once as the api starts; seen ones and unconfirmed ones are left', async () => {
    const { post } = await announcements().announce(boss, { text: 'Confirmed long ago' })
    const id = post.idPostEmet
    await announcements().confirm(ann.phone, id)
    await asConfirmedBefore(id, ann.phone)
    // Bob confirmed it as confirming is now; the author's comment since is unread, rightly.
    await announcements().confirm(bob.phone, id)
    await authorComments(id)
    const [annBefore, bobBefore, catBefore, authorsBefore] = await Promise.all(
      [ann, bob, cat, boss].map((p) => entryOf(id, p.phone)),
    )

    expect(await markConfirmedAnnouncementsSeen(scene.connection, () => new Date())).toBe(1)
    const annAfter = await entryOf(id, ann.phone)
    expect(annAfter).toMatchObject({ delivred: 2, delivredtoWeb: 4, cmtnonlu: 0, unread: false })
    expect(annAfter?.seq).toBeGreaterThan(annBefore?.seq ?? Infinity)
    expect((await entryOf(id, boss.phone))?.seq).toBeGreaterThan(authorsBefore?.seq ?? Infinity)
    expect(await entryOf(id, bob.phone)).toEqual(bobBefore)
    expect(await entryOf(id, cat.phone)).toEqual(catBefore)

    // Done: a later start reads its mark and looks for nothing, even where one is left.
    await asConfirmedBefore(id, ann.phone)
    expect(await markConfirmedAnnouncementsSeen(scene.connection, () => new Date())).toBe(0)
    expect(await entryOf(id, ann.phone)).toMatchObject({ delivredtoWeb: 0, unread: true })
  })
})

describe('a reminder', () => {
  it('puts the announcement back on top for those who have not confirmed, with a new sequence', async () => {
    const { post } = await announcements().announce(boss, { text: 'Remember' })
    const id = post.idPostEmet
    await announcements().confirm(ann.phone, id)
    const before = await inboxEntryModel(scene.connection)
      .findOne({ _id: entryId(id, bob.phone) })
      .lean()
    expect((await announcements().remind(boss.phone, id)).sort()).toEqual([bob.phone, cat.phone])
    const after = await inboxEntryModel(scene.connection)
      .findOne({ _id: entryId(id, bob.phone) })
      .lean()
    expect(after?.seq).toBeGreaterThan(before?.seq ?? Infinity)
    expect(after?.dateLastEvent.getTime()).toBeGreaterThan(before?.dateLastEvent.getTime() ?? 0)
    const anns = await inboxEntryModel(scene.connection)
      .findOne({ _id: entryId(id, ann.phone) })
      .lean()
    expect(anns?.pinned).toBeUndefined()
    const audit = await scene.domain.organisation.audit.list({ n: 0, phone: boss.phone })
    expect(audit.items[0]).toMatchObject({ action: 'remind', details: { reminded: 2 } })
  })
})

describe('its discussion', () => {
  it("takes a recipient's comment to the author only, and the author's to everyone", async () => {
    const { post } = await announcements().announce(boss, { text: 'Questions?' })
    const id = post.idPostEmet
    const comment = (from: typeof ann, idCmtEmet: string) =>
      scene.domain.comments.add(from, {
        idPostEmet: id,
        idCmtEmet,
        cmt: `from ${from.name}`,
        image: '',
        fileDocName: '',
        type: '3',
      })
    expect((await comment(ann, 'c-ann')).recipients).toEqual([boss.phone])
    expect((await comment(boss, 'c-boss')).recipients.sort()).toEqual([
      ann.phone,
      bob.phone,
      cat.phone,
    ])
    const thread = async (phone: string) =>
      (await scene.domain.comments.list(phone, id)).map((c) => c.data.idCmtEmet)
    expect(await thread(boss.phone)).toEqual(['c-ann', 'c-boss'])
    expect(await thread(ann.phone)).toEqual(['c-ann', 'c-boss'])
    expect(await thread(bob.phone)).toEqual(['c-boss'])
    // Bob's entry counts the author's comment, not Ann's.
    const bobs = await inboxEntryModel(scene.connection)
      .findOne({ _id: entryId(id, bob.phone) })
      .lean()
    expect(bobs?.cmtnonlu).toBe(1)
  })

  it("keeps a recipient's file to that recipient and the author, as their comment is", async () => {
    await recordFile('ann-form.pdf', ann, 'file', 'application/pdf')
    const { post } = await announcements().announce(boss, { text: 'Send your forms' })
    await scene.domain.comments.add(ann, {
      idPostEmet: post.idPostEmet,
      idCmtEmet: 'c-form',
      cmt: 'Mine',
      image: '',
      fileDocName: 'ann-form.pdf',
      type: '3',
    })
    const { files } = scene.domain
    expect(await files.mayRead(boss.phone, 'ann-form.pdf')).toBe(true)
    expect(await files.mayRead(bob.phone, 'ann-form.pdf')).toBe(false)
    expect(await files.mayRead(cat.phone, 'ann-form.pdf')).toBe(false)
    expect(await files.conversationReaders('ann-form.pdf')).toEqual([ann.phone, boss.phone].sort())
  })

  it('carries its files as the author’s comments', async () => {
    await recordFile('photo.jpg', boss, 'image', 'image/jpeg')
    await recordFile('guide.pdf', boss, 'file', 'application/pdf')
    const { post, view } = await announcements().announce(boss, {
      text: 'See attached',
      fileNames: ['photo.jpg', 'guide.pdf'],
    })
    expect(view.data.totalcmt).toBe(2)
    const thread = await scene.domain.comments.list(bob.phone, post.idPostEmet)
    expect(thread.map((c) => [c.data.image, c.data.fileDocName])).toEqual([
      ['photo.jpg', ''],
      ['', 'guide.pdf'],
    ])
    expect(await scene.domain.files.mayRead(bob.phone, 'guide.pdf')).toBe(true)
    await expect(
      announcements().announce(boss, { text: 'x', fileNames: ['not-mine.pdf'] }),
    ).rejects.toMatchObject({ code: 'not_found' })
  })
})
