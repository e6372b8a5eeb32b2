// Who may see whom (docs/organisation.md, "The directory"): an employee sees every active
// member; a partner the administrators and the people they share a post or a folder with.
import { messages } from '@palabre/contracts'
import { beforeEach, describe, expect, it } from 'vitest'
import { groupModel } from '../groups/group-model.js'
import { postModel } from '../posts/post-model.js'
import { useDomainScene, postInput as post } from '../testing/domain-scene.js'
import type { Person } from '../testing/domain-scene.js'
import { userModel } from '../users/user-model.js'
import type { UserDoc } from '../users/user-model.js'

const emp = { phone: '33600000001', name: 'Emma Employee' }
const pat = { phone: '33600000002', name: 'Paul Partner' }
const adm = { phone: '33600000003', name: 'Ada Admin' }
/** An administrator by ADMIN_PHONES only: no role stored. */
const cfg = { phone: '33600000004', name: 'Carl Configured' }
const mate = { phone: '33600000005', name: 'Fred Folder' }
const peer = { phone: '33600000006', name: 'Pia Post' }
const boss = { phone: '33600000007', name: 'Bea Boss' }
const gone = { phone: '33600000008', name: 'Gus Gone' }
const far = { phone: '33600000009', name: 'Zoe Stranger' }
const everyone = [emp, pat, adm, cfg, mate, peer, boss, gone, far]

const scene = useDomainScene({ adminPhones: [cfg.phone], acquainted: everyone })
const visibility = () => scene.domain.visibility

const account = (person: Person, extra: Partial<UserDoc> = {}): Partial<UserDoc> => ({
  phone: person.phone,
  nomPrenom: person.name,
  indicatif: '33',
  mail: `${person.phone}@example.test`,
  passwordHash: 'x',
  createdAt: new Date(0),
  passwordChangedAt: new Date(0),
  ...extra,
})

beforeEach(async () => {
  await userModel(scene.connection).insertMany(
    everyone.map((person) =>
      account(person, {
        ...(person === pat ? { kind: 'partner' as const } : {}),
        ...(person === adm ? { role: 'admin' as const } : {}),
      }),
    ),
  )
  // The partner shares a folder with Fred, a post with Pia (and Gus, since deactivated), and
  // reads an announcement of Bea's that Zoe reads too.
  await scene.domain.groups.create(mate, {
    idGroup: 'team',
    nomGroup: 'Team',
    noName: '0',
    participants: [pat],
  })
  await scene.domain.posts.send(peer, post({ destinataires: [pat] }))
  await scene.domain.posts.send(gone, post({ destinataires: [pat] }))
  await userModel(scene.connection).updateOne(
    { phone: gone.phone },
    { $set: { deactivatedAt: new Date(0) } },
  )
  await scene.domain.announcements.announce(boss, { text: 'All hands' })
})

describe('what a partner sees', () => {
  it('is the administrators, by role and by configuration, and the people of shared posts and folders', async () => {
    expect([...(await visibility().seenByPartner(pat.phone))].sort()).toEqual(
      [adm.phone, cfg.phone, mate.phone, peer.phone].sort(),
    )
    for (const seen of [adm, cfg, mate, peer])
      expect(await visibility().maySee(pat.phone, seen.phone)).toBe(true)
  })

  it('leaves out an announcement’s author and readers, the deactivated and strangers', async () => {
    for (const unseen of [boss, far, gone, emp])
      expect(await visibility().maySee(pat.phone, unseen.phone)).toBe(false)
    expect(
      await visibility().hiddenFrom(pat.phone, [mate.phone, boss.phone, far.phone, '33699999999']),
    ).toEqual([boss.phone, far.phone, '33699999999'])
  })
})

describe('what an employee sees', () => {
  it('is every active member, a partner too, but not the deactivated', async () => {
    for (const seen of [pat, adm, cfg, far, boss])
      expect(await visibility().maySee(emp.phone, seen.phone)).toBe(true)
    expect(await visibility().maySee(emp.phone, gone.phone)).toBe(false)
    expect(await visibility().maySee(emp.phone, '33699999999')).toBe(false)
    expect(await visibility().hiddenFrom(emp.phone, [far.phone, gone.phone])).toEqual([])
  })
})

describe('sharing a conversation', () => {
  it('counts posts, announcements between author and reader, and folders, deactivated people too', async () => {
    expect(await visibility().sharesConversation(pat.phone, mate.phone)).toBe(true)
    expect(await visibility().sharesConversation(peer.phone, pat.phone)).toBe(true)
    expect(await visibility().sharesConversation(pat.phone, gone.phone)).toBe(true)
    expect(await visibility().sharesConversation(pat.phone, boss.phone)).toBe(true)
    expect(await visibility().sharesConversation(far.phone, boss.phone)).toBe(true)
    // Two readers of one announcement do not see each other through it.
    expect(await visibility().sharesConversation(pat.phone, far.phone)).toBe(false)
    expect(await visibility().sharesConversation(emp.phone, adm.phone)).toBe(false)
  })
})

describe('a partner reaching people', () => {
  const stored = async () => ({
    posts: await postModel(scene.connection).countDocuments(),
    folders: await groupModel(scene.connection).countDocuments(),
  })

  it('may post to the people they see, and is refused anyone else, nothing stored', async () => {
    const before = await stored()
    const refusal = { code: 'forbidden', message: messages.message.notVisibleToPartner }
    await expect(
      scene.domain.posts.send(pat, post({ destinataires: [far] })),
    ).rejects.toMatchObject(refusal)
    await expect(
      scene.domain.posts.send(pat, post({ destinataires: [mate, boss] })),
    ).rejects.toMatchObject(refusal)
    expect(await stored()).toEqual(before)
    await scene.domain.posts.send(pat, post({ destinataires: [adm] }))
    await scene.domain.posts.send(pat, post({ destinataires: [mate, peer] }))
    // An employee reaches any contact.
    await scene.domain.posts.send(emp, post({ destinataires: [far] }))
  })

  it('may not make a folder with, or add to one, someone they do not see', async () => {
    const refusal = { code: 'forbidden', message: messages.folder.notVisibleToPartner }
    const before = await stored()
    await expect(
      scene.domain.groups.create(pat, {
        idGroup: 'mine',
        nomGroup: 'Mine',
        noName: '0',
        participants: [mate, far],
      }),
    ).rejects.toMatchObject(refusal)
    await expect(scene.domain.groups.addParticipants(pat, 'team', [far])).rejects.toMatchObject(
      refusal,
    )
    expect(await stored()).toEqual(before)
    const team = await groupModel(scene.connection).findOne({ _id: 'team' }).lean()
    expect(team?.members.sort()).toEqual([mate.phone, pat.phone].sort())
  })
})

describe('the registered mark of a partner’s contacts', () => {
  it('is shown only for the people the partner sees', async () => {
    const marks = Object.fromEntries(
      (await scene.domain.contacts.list(pat.phone)).map((c) => [c.phone, c.status]),
    )
    expect(marks).toMatchObject({
      [mate.phone]: '1',
      [adm.phone]: '1',
      [peer.phone]: '1',
      [emp.phone]: '0',
      [far.phone]: '0',
      [boss.phone]: '0',
    })
    const employees = await scene.domain.contacts.list(emp.phone)
    expect(employees.find((c) => c.phone === far.phone)?.status).toBe('1')
  })
})
