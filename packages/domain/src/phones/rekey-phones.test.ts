import { describe, expect, it } from 'vitest'
import { receiptModel } from '../comments/receipt-model.js'
import { contactModel } from '../contacts/contact-model.js'
import { groupModel } from '../groups/group-model.js'
import { inboxEntryModel } from '../posts/inbox-model.js'
import { postModel } from '../posts/post-model.js'
import { sequenceModel } from '../sync/sequence-model.js'
import { userModel } from '../users/user-model.js'
import { saveContacts, steppingClock, useDomainScene } from '../testing/domain-scene.js'
import { repairedPhoneKey } from './phone-repair.js'
import { rekeyStoredPhones } from './rekey-phones.js'

describe('repairedPhoneKey', () => {
  it('drops a trunk 0 kept after the dial code', () => {
    expect(repairedPhoneKey('330612345602')).toBe('33612345602')
    expect(repairedPhoneKey('2130551234567')).toBe('213551234567')
  })

  it("puts back the 0 that belongs to a number of Côte d'Ivoire or Benin", () => {
    expect(repairedPhoneKey('225707123456')).toBe('2250707123456')
    expect(repairedPhoneKey('229195123456')).toBe('2290195123456')
  })

  it('leaves valid keys, other countries and keys no repair makes valid alone', () => {
    for (const key of [
      '33612345602',
      '2250707123456',
      '49301234567',
      // Benin's old eight digits: adding a 0 does not make ten.
      '22997000000',
      '3306',
      '33abc',
    ])
      expect(repairedPhoneKey(key), key).toBeUndefined()
  })
})

const ann = { phone: '33600000001', name: 'Ann' }
// Registered as today: Bob is 33612345602; Ann saved him the old way, '+33 06…'.
const bob = { phone: '33612345602', name: 'Bob' }
const bobTypedWithZero = '330612345602'
// Signed up the old way: the 0 of '+225 07 07 12 34 56' was dropped.
const awaStored = '225707123456'
const awa = { phone: '2250707123456', name: 'Awa' }
// A Benin key of the old eight digits: invalid, and no repair makes it valid.
const oldBenin = '22997000000'

const scene = useDomainScene({ clock: steppingClock() })

const register = (phone: string, nomPrenom: string) =>
  scene.domain.users.register({
    phone,
    nomPrenom,
    indicatif: phone.slice(0, phone.startsWith('33') ? 2 : 3),
    mail: `${phone}@example.test`,
    password: 'secret-pass',
  })

const general = { scope: { kind: 'general' as const } }

/** Everything the re-keying may touch, in a stable order, to compare two states. */
const snapshot = async () => {
  const read = async (model: {
    find: (f: object) => { sort: (s: object) => { lean: () => unknown } }
  }) => model.find({}).sort({ _id: 1 }).lean()
  const c = scene.connection
  return JSON.stringify(
    await Promise.all(
      [
        userModel,
        contactModel,
        groupModel,
        postModel,
        inboxEntryModel,
        receiptModel,
        sequenceModel,
      ].map((model) => read(model(c) as never)),
    ),
  )
}

/**
 * A database as the earlier rules left it: a contact saved '+33 06…', the same person saved
 * again in the right form, an Ivorian account without its 0, posts, a folder, comments and a
 * session under those keys.
 */
const writeTheOldWay = async () => {
  const { domain, connection } = scene
  await register(ann.phone, ann.name)
  await register(bob.phone, bob.name)
  await register(awaStored, awa.name)
  await register(oldBenin, 'Old Benin')
  const awaSession = await domain.sessions.open(awaStored)
  await saveContacts(connection, ann.phone, [
    { phone: bobTypedWithZero, name: 'Bob (typed with 0)' },
    { phone: bob.phone, name: 'Bob' },
    // Typed right by Ann: the key Awa's account should have had.
    { phone: awa.phone, name: 'Awa' },
    { phone: '49301234567', name: 'Berlin' },
  ])
  await saveContacts(connection, bob.phone, [{ phone: ann.phone, name: 'Ann' }])
  await saveContacts(connection, awaStored, [{ phone: ann.phone, name: 'Ann' }])

  // To Bob under the wrong key only: an entry nobody read.
  await domain.posts.send(ann, {
    idPostEmet: 'to-bob-wrong',
    text: 'lost',
    typePoste: '0',
    destinataires: [{ phone: bobTypedWithZero, name: 'Bob (typed with 0)' }],
    groups: [],
  })
  // To Bob under both keys: two entries of one post for one person.
  await domain.posts.send(ann, {
    idPostEmet: 'to-bob-both',
    text: 'twice',
    typePoste: '0',
    destinataires: [
      { phone: bobTypedWithZero, name: 'Bob (typed with 0)' },
      { phone: bob.phone, name: 'Bob' },
    ],
    groups: [],
  })
  const inbox = inboxEntryModel(connection)
  await inbox.updateOne(
    { phone: bobTypedWithZero, idPostEmet: 'to-bob-both' },
    { $set: { delivred: 4, delivredtoWeb: 4, cmtnonlu: 1 } },
  )
  await inbox.updateOne(
    { phone: bob.phone, idPostEmet: 'to-bob-both' },
    { $set: { delivred: 2, delivredtoWeb: 0, cmtnonlu: 3 } },
  )

  // Awa, under her old key, makes a folder with Ann and posts and comments in it.
  const folder = await domain.groups.create(
    { phone: awaStored, name: awa.name },
    { idGroup: 'awa-folder', nomGroup: 'Abidjan', noName: '0', participants: [ann] },
  )
  await domain.posts.send(
    { phone: awaStored, name: awa.name },
    {
      idPostEmet: 'in-folder',
      text: 'bonjour',
      typePoste: '0',
      destinataires: [],
      groups: [{ idGroup: folder.group.idGroup, name: 'Abidjan' }],
    },
  )
  const comment = { cmt: '', image: '', fileDocName: '', type: '3' as const }
  await domain.comments.add(
    { phone: awaStored, name: awa.name },
    { ...comment, idPostEmet: 'in-folder', idCmtEmet: 'c-awa', cmt: 'from Awa' },
  )
  await domain.comments.add(ann, {
    ...comment,
    idPostEmet: 'in-folder',
    idCmtEmet: 'c-ann',
    cmt: 'from Ann',
  })
  return { awaToken: awaSession.token }
}

describe('rekeyStoredPhones, on data written the old way', () => {
  it('re-keys every wrong key, merges what was doubled, keeps access, and leaves the rest', async () => {
    const { domain, connection } = scene
    const { awaToken } = await writeTheOldWay()
    expect((await domain.contacts.list(ann.phone)).find((c) => c.phone === awa.phone)?.status).toBe(
      '0',
    )

    const report = await rekeyStoredPhones(connection)
    expect(Object.fromEntries(report.rekeyed)).toEqual({
      [bobTypedWithZero]: bob.phone,
      [awaStored]: awa.phone,
    })
    expect(report.accountsLeft).toEqual([])

    // Accounts: Awa's under its right key, her session with it; the unrepairable one as it was.
    expect(await domain.users.findByPhone(awaStored)).toBeNull()
    expect(await domain.users.findByPhone(awa.phone)).toMatchObject({ nomPrenom: 'Awa' })
    expect(await domain.sessions.resolve(awaToken)).toBe(awa.phone)
    expect(await domain.users.findByPhone(oldBenin)).toMatchObject({ nomPrenom: 'Old Benin' })

    // Contacts: Bob once (the one saved right keeps its name), Awa registered now.
    expect(await domain.contacts.list(ann.phone)).toEqual([
      { name: 'Awa', phone: awa.phone, status: '1', phoneOwnerRepertory: ann.phone },
      { name: 'Bob', phone: bob.phone, status: '1', phoneOwnerRepertory: ann.phone },
      { name: 'Berlin', phone: '49301234567', status: '0', phoneOwnerRepertory: ann.phone },
    ])
    expect(await domain.contacts.list(awa.phone)).toMatchObject([{ phone: ann.phone }])
    expect(await contactModel(connection).countDocuments({ owner: awaStored })).toBe(0)

    // Bob now sees both posts, once each; the doubled entry kept the higher marks.
    const bobsWall = await domain.posts.page(bob.phone, general, 0)
    expect(bobsWall.map((p) => p.data.idPostEmet).sort()).toEqual(['to-bob-both', 'to-bob-wrong'])
    const inbox = inboxEntryModel(connection)
    expect(await inbox.countDocuments({ phone: bobTypedWithZero })).toBe(0)
    expect(
      await inbox.findOne({ phone: bob.phone, idPostEmet: 'to-bob-both' }).lean(),
    ).toMatchObject({
      _id: `to-bob-both:${bob.phone}`,
      delivred: 4,
      delivredtoWeb: 4,
      cmtnonlu: 3,
    })
    const post = await postModel(connection).findById('to-bob-both').lean()
    expect(post?.participants.sort()).toEqual([ann.phone, bob.phone].sort())
    expect(post?.destinataires.map((r) => r.phone)).toEqual([bob.phone])
    // The post to one contact is in Ann's scope of Bob; the post to both keys made an unnamed
    // folder, which now holds Bob once.
    const bobScope = { scope: { kind: 'contact' as const, phone: bob.phone } }
    expect((await domain.posts.page(ann.phone, bobScope, 0)).map((p) => p.data.idPostEmet)).toEqual(
      ['to-bob-wrong'],
    )
    // Their counts follow: Bob's wall holds two posts, not three; Ann's scope of Bob one.
    expect(await domain.posts.count(bob.phone, general)).toBe(2)
    expect(await domain.posts.count(bobTypedWithZero, general)).toBe(0)
    expect(await domain.posts.count(ann.phone, bobScope)).toBe(1)
    expect(await domain.posts.count(awa.phone, general)).toBe(1)
    const [unnamed] = await domain.groups.listFor(bob.phone)
    expect(unnamed?.participants.map((p) => p.phone).sort()).toEqual([ann.phone, bob.phone].sort())
    expect(
      (await groupModel(connection).findById(unnamed?.idGroup).lean())?.members.sort(),
    ).toEqual([ann.phone, bob.phone].sort())

    // Awa keeps her folder, her post and its thread.
    expect((await groupModel(connection).findById('awa-folder').lean())?.members.sort()).toEqual(
      [ann.phone, awa.phone].sort(),
    )
    expect((await domain.groups.listFor(awa.phone)).map((g) => g.idGroup)).toEqual(['awa-folder'])
    expect(await domain.posts.view(awa.phone, 'in-folder')).toMatchObject({
      data: { emetr_phone: awa.phone },
    })
    expect((await domain.comments.list(awa.phone, 'in-folder')).map((c) => c.data.cmt)).toEqual([
      'from Awa',
      'from Ann',
    ])
    expect(await receiptModel(connection).findById(`c-ann:${awa.phone}`).lean()).toMatchObject({
      phone: awa.phone,
    })

    // No wrong key is left anywhere, and a second run finds nothing and changes nothing.
    const after = await snapshot()
    expect(after).not.toContain(bobTypedWithZero)
    expect(after).not.toContain(`"${awaStored}"`)
    expect(after).not.toContain(`:${awaStored}"`)
    expect(await rekeyStoredPhones(connection)).toEqual({ rekeyed: [], accountsLeft: [] })
    expect(await snapshot()).toBe(after)
  })

  it('leaves a stale account as it was when the right key has an account too', async () => {
    const { domain, connection } = scene
    await register(awaStored, 'Awa, signed up without her 0')
    await register(awa.phone, 'Awa')
    await saveContacts(connection, awaStored, [{ phone: ann.phone, name: 'Ann' }])
    const stale = await domain.sessions.open(awaStored)

    const report = await rekeyStoredPhones(connection)
    expect(report).toEqual({ rekeyed: [[awaStored, awa.phone]], accountsLeft: [awaStored] })
    expect(await domain.users.findByPhone(awaStored)).toMatchObject({
      nomPrenom: 'Awa, signed up without her 0',
    })
    expect(await domain.sessions.resolve(stale.token)).toBe(awaStored)
    // What it held moved to the right account.
    expect(await domain.contacts.list(awa.phone)).toMatchObject([{ phone: ann.phone }])
    expect(await userModel(connection).countDocuments()).toBe(2)
  })

  it('writes nothing on a database with nothing to fix', async () => {
    await register(ann.phone, ann.name)
    await register(awa.phone, awa.name)
    await saveContacts(scene.connection, ann.phone, [awa])
    const before = await snapshot()
    expect(await rekeyStoredPhones(scene.connection)).toEqual({ rekeyed: [], accountsLeft: [] })
    expect(await snapshot()).toBe(before)
  })
})
