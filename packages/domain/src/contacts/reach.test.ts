// Whom posts and folders may reach (docs/security.md, "Recipients"). One post naming 5,000
// made-up phones used to make a 5,001-member folder and 5,001 inbox entries.
import { messages } from '@palabre/contracts'
import { beforeEach, describe, expect, it } from 'vitest'
import { createDomain } from '../domain.js'
import { groupModel } from '../groups/group-model.js'
import { inboxEntryModel } from '../posts/inbox-model.js'
import { postModel } from '../posts/post-model.js'
import { saveContacts, useDomainScene, postInput as post } from '../testing/domain-scene.js'
import type { Person } from '../testing/domain-scene.js'

const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
/** Nobody's contact. */
const eve = { phone: '33600000009', name: 'Eve' }

// Ann, Bob and Cat know each other; Eve is Ann's contact only.
const scene = useDomainScene({ acquainted: [ann, bob, cat] })
beforeEach(() => saveContacts(scene.connection, ann.phone, [eve]))

const crowd = (count: number, from = 0): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    phone: `3361${String(from + i).padStart(7, '0')}`,
    name: `Member ${from + i}`,
  }))

const stored = async () => ({
  posts: await postModel(scene.connection).countDocuments(),
  entries: await inboxEntryModel(scene.connection).countDocuments(),
  folders: await groupModel(scene.connection).countDocuments(),
})
const nothing = { posts: 0, entries: 0, folders: 0 }

describe('the contacts service', () => {
  it('tells which phones of a list are not the owner’s contacts, each once, in order', async () => {
    const { contacts } = scene.domain
    expect(
      await contacts.notContactsOf(bob.phone, [eve.phone, ann.phone, eve.phone, '33699999999']),
    ).toEqual([eve.phone, '33699999999'])
    expect(await contacts.notContactsOf(ann.phone, [bob.phone, eve.phone])).toEqual([])
    expect(await contacts.notContactsOf(ann.phone, [])).toEqual([])
  })
})

describe('a post', () => {
  it('to someone who is not a contact of the sender is refused, and nothing is stored', async () => {
    const refusal = { code: 'forbidden', message: messages.message.notContacts }
    await expect(
      scene.domain.posts.send(bob, post({ destinataires: [eve] })),
    ).rejects.toMatchObject(refusal)
    // With a contact beside: no unnamed folder either.
    await expect(
      scene.domain.posts.send(bob, post({ destinataires: [ann, eve] })),
    ).rejects.toMatchObject(refusal)
    await expect(
      scene.domain.posts.store(bob, post({ destinataires: [cat, eve, ann] })),
    ).rejects.toMatchObject(refusal)
    expect(await stored()).toEqual(nothing)
  })

  it('to contacts is sent, one contact directly, several through their unnamed folder', async () => {
    const direct = await scene.domain.posts.send(bob, post({ destinataires: [ann] }))
    expect(direct.entries.map((e) => e.phone).sort()).toEqual([ann.phone, bob.phone])
    const several = await scene.domain.posts.send(ann, post({ destinataires: [bob, cat, eve] }))
    expect(several.createdGroup?.members.sort()).toEqual(
      [ann.phone, bob.phone, cat.phone, eve.phone].sort(),
    )
    expect(several.entries).toHaveLength(4)
  })

  it('to a folder reaches members who are not the sender’s contacts, even named directly', async () => {
    await scene.domain.groups.create(ann, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: [bob, eve],
    })
    const team = [{ idGroup: 'team', name: 'Team' }]
    const sent = await scene.domain.posts.send(bob, post({ groups: team }))
    expect(sent.entries.map((e) => e.phone).sort()).toEqual([ann.phone, bob.phone, eve.phone])
    const named = await scene.domain.posts.send(bob, post({ groups: team, destinataires: [eve] }))
    expect(named.post.destinataires.map((d) => [d.phone, d.idGroupe])).toEqual([
      [eve.phone, ['team']],
      [ann.phone, ['team']],
    ])
    // Without the folder, Eve is a stranger to Bob.
    await expect(
      scene.domain.posts.send(bob, post({ destinataires: [eve] })),
    ).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('reaches at most 500 people by default: 501 contacts are refused, 500 accepted', async () => {
    const people = crowd(501)
    await saveContacts(scene.connection, ann.phone, people)
    await expect(
      scene.domain.posts.send(ann, post({ destinataires: people })),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      message: messages.message.tooManyRecipients(500),
    })
    expect(await stored()).toEqual(nothing)

    // Stored is accepted: what follows (the entries) checks nothing more.
    const { status, post: sent } = await scene.domain.posts.store(
      ann,
      post({ destinataires: people.slice(0, 500) }),
    )
    expect(status).toBe('created')
    expect(sent.destinataires).toHaveLength(500)
    expect(sent.participants).toHaveLength(501)
  })

  it('counts folder members and contacts together, each once, against the limit', async () => {
    // A limit of 5 through the domain's option (MAX_RECIPIENTS), on the same database.
    const domain = createDomain(scene.connection, { maxRecipients: 5 })
    const people = crowd(6)
    await saveContacts(scene.connection, ann.phone, people)
    await domain.groups.create(ann, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: people.slice(0, 3),
    })
    const team = [{ idGroup: 'team', name: 'Team' }]
    // 3 members + 3 contacts named, one of them a member already: 5 people.
    const within = post({ groups: team, destinataires: [people[0]!, people[3]!, people[4]!, ann] })
    expect((await domain.posts.send(ann, within)).post.participants).toHaveLength(6)
    // 3 members + 3 contacts: 6 people.
    await expect(
      domain.posts.store(ann, post({ groups: team, destinataires: people.slice(3, 6) })),
    ).rejects.toMatchObject({ message: messages.message.tooManyRecipients(5) })
    // 6 contacts and no folder: refused before their unnamed folder is made.
    await expect(domain.posts.store(ann, post({ destinataires: people }))).rejects.toMatchObject({
      code: 'validation_failed',
    })
    expect(await groupModel(scene.connection).countDocuments()).toBe(1)
  })
})

describe('a folder', () => {
  it('is made of the creator’s contacts only', async () => {
    await expect(
      scene.domain.groups.create(bob, {
        idGroup: 'strangers',
        nomGroup: 'Strangers',
        noName: '0',
        participants: [ann, eve],
      }),
    ).rejects.toMatchObject({ code: 'forbidden', message: messages.folder.notContacts })
    expect(await stored()).toEqual(nothing)
    const { created } = await scene.domain.groups.create(bob, {
      idGroup: 'friends',
      nomGroup: 'Friends',
      noName: '0',
      participants: [ann, cat, bob],
    })
    expect(created).toBe(true)
  })

  it('gains the adder’s contacts only; members already in are not checked again', async () => {
    await scene.domain.groups.create(ann, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: [bob, eve],
    })
    await expect(
      scene.domain.groups.addParticipants(bob, 'team', [cat, { phone: '33699999999' }]),
    ).rejects.toMatchObject({ code: 'forbidden', message: messages.folder.notContacts })
    expect((await scene.domain.groups.get('team'))?.members.sort()).toEqual(
      [ann.phone, bob.phone, eve.phone].sort(),
    )
    const added = await scene.domain.groups.addParticipants(bob, 'team', [cat, eve])
    expect(added.changed.map((p) => p.phone)).toEqual([cat.phone])
  })

  it('holds at most 500 members by default, its creator included', async () => {
    const people = crowd(500)
    await saveContacts(scene.connection, ann.phone, people)
    const tooMany = { code: 'validation_failed', message: messages.folder.tooManyMembers(500) }
    await expect(
      scene.domain.groups.create(ann, {
        idGroup: 'big',
        nomGroup: 'Big',
        noName: '0',
        participants: people,
      }),
    ).rejects.toMatchObject(tooMany)
    expect(await stored()).toEqual(nothing)

    const { group } = await scene.domain.groups.create(ann, {
      idGroup: 'big',
      nomGroup: 'Big',
      noName: '0',
      participants: people.slice(0, 498),
    })
    expect(group.members).toHaveLength(499)
    const last = await scene.domain.groups.addParticipants(ann, 'big', people.slice(498, 499))
    expect(last.group.members).toHaveLength(500)
    await expect(
      scene.domain.groups.addParticipants(ann, 'big', people.slice(499)),
    ).rejects.toMatchObject(tooMany)
    expect((await scene.domain.groups.get('big'))?.members).toHaveLength(500)
  })
})
