// Deactivation in the domain (docs/organisation.md, "Deactivation"): who may be deactivated, what
// it ends (sessions, sign-in, reset), whom new posts and comments leave out, how lists mark the
// deactivated, and activation giving everything back.
import { messages } from '@palabre/contracts'
import { beforeEach, describe, expect, it } from 'vitest'
import { receiptModel } from '../comments/receipt-model.js'
import { steppingClock, useDomainScene, postInput as post } from '../testing/domain-scene.js'
import { postModel } from '../posts/post-model.js'

/** Named in ADMIN_PHONES. */
const BOSS = { phone: '33600000100', name: 'Boss' }
const ann = { phone: '33600000001', name: 'Ann' }
const bob = { phone: '33600000002', name: 'Bob' }
const cat = { phone: '33600000003', name: 'Cat' }
const everyone = [BOSS, ann, bob, cat]

const scene = useDomainScene({
  clock: steppingClock(),
  adminPhones: [BOSS.phone],
  acquainted: everyone,
})
const members = () => scene.domain.organisation.members

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

describe('deactivating a member', () => {
  it('ends every session, refuses sign-in and reset, and is audited once', async () => {
    const [first, second] = [
      await scene.domain.sessions.open(ann.phone),
      await scene.domain.sessions.open(ann.phone),
    ]
    const member = await members().deactivate(BOSS.phone, ann.phone)
    expect(member).toMatchObject({ phone: ann.phone, status: 'deactivated' })
    expect(member.deactivatedAt).not.toBeNull()
    for (const session of [first, second])
      expect(await scene.domain.sessions.resolve(session.token)).toBeNull()
    expect(await scene.domain.users.isDeactivated(ann.phone)).toBe(true)
    expect(await scene.domain.users.signIn(ann.phone, 'secret-pass', '1.2.3.4')).toEqual({
      kind: 'deactivated',
    })
    // Only the owner of the password learns it.
    expect(await scene.domain.users.signIn(ann.phone, 'wrong-pass', '1.2.3.4')).toEqual({
      kind: 'wrong_password',
    })
    expect(await scene.domain.users.resetPassword(ann.phone, 'new-secret')).toBe('deactivated')
    expect(await scene.domain.users.signIn(ann.phone, 'new-secret', '1.2.3.4')).toEqual({
      kind: 'wrong_password',
    })

    // Again: the same answer, no second audit entry.
    expect((await members().deactivate(BOSS.phone, ann.phone)).deactivatedAt).toBe(
      member.deactivatedAt,
    )
    const audit = await scene.domain.organisation.audit.list({ n: 0, phone: ann.phone })
    expect(audit.items.map((e) => [e.action, e.actor, e.target, e.details])).toEqual([
      ['deactivate', BOSS.phone, ann.phone, { name: 'Ann' }],
    ])
    expect((await members().list({ q: 'Ann', n: 0 })).items[0]?.status).toBe('deactivated')
  })

  it('is refused for oneself, for an administrator of ADMIN_PHONES and for nobody', async () => {
    await members().setRole(BOSS.phone, bob.phone, 'admin')
    await expect(members().deactivate(bob.phone, bob.phone)).rejects.toMatchObject({
      code: 'forbidden',
      message: messages.organisation.cannotDeactivateSelf,
    })
    await expect(members().deactivate(bob.phone, BOSS.phone)).rejects.toMatchObject({
      code: 'forbidden',
      message: messages.organisation.cannotDeactivateConfigured,
    })
    await expect(members().deactivate(BOSS.phone, '33600000999')).rejects.toMatchObject({
      code: 'not_found',
    })
    expect(await scene.domain.users.isDeactivated(bob.phone)).toBe(false)
    expect(await scene.domain.users.isDeactivated(BOSS.phone)).toBe(false)
  })
})

describe('new posts and comments', () => {
  it('leave the deactivated out: a folder goes on without them', async () => {
    await scene.domain.groups.create(ann, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: [bob, cat],
    })
    await members().deactivate(BOSS.phone, cat.phone)
    const sent = await scene.domain.posts.send(
      ann,
      post({ groups: [{ idGroup: 'team', name: 'Team' }] }),
    )
    expect(sent.post.destinataires.map((r) => r.phone)).toEqual([bob.phone])
    expect(sent.entries.map((e) => e.phone).sort()).toEqual([ann.phone, bob.phone])
  })

  it('refuse a post addressed only to deactivated people, and store nothing', async () => {
    await members().deactivate(BOSS.phone, bob.phone)
    await members().deactivate(BOSS.phone, cat.phone)
    for (const destinataires of [[bob], [bob, cat]])
      await expect(scene.domain.posts.send(ann, post({ destinataires }))).rejects.toMatchObject({
        code: 'validation_failed',
        message: messages.organisation.recipientsDeactivated,
      })
    expect(await postModel(scene.connection).countDocuments()).toBe(0)
    // One active recipient among them: sent to that one.
    await members().activate(BOSS.phone, cat.phone)
    const sent = await scene.domain.posts.send(ann, post({ destinataires: [bob, cat] }))
    expect(sent.post.destinataires.map((r) => r.phone)).toEqual([cat.phone])
  })

  it('on a conversation go on without the deactivated: no receipt, no delivery', async () => {
    const sent = await scene.domain.posts.send(ann, post({ destinataires: [bob, cat] }))
    await members().deactivate(BOSS.phone, cat.phone)
    const added = await scene.domain.comments.add(ann, {
      idPostEmet: sent.post.idPostEmet,
      idCmtEmet: 'c1',
      cmt: 'still here?',
      image: '',
      fileDocName: '',
      type: '3',
    })
    expect(added.recipients).toEqual([bob.phone])
    const receipts = await receiptModel(scene.connection).find({ idCmtEmet: 'c1' }).lean()
    expect(receipts.map((r) => r.phone)).toEqual([bob.phone])
  })
})

describe('lists', () => {
  it('mark the deactivated in contacts, folders and post recipients', async () => {
    await scene.domain.groups.create(ann, {
      idGroup: 'team',
      nomGroup: 'Team',
      noName: '0',
      participants: [bob, cat],
    })
    const sent = await scene.domain.posts.send(ann, post({ destinataires: [bob] }))
    await members().deactivate(BOSS.phone, bob.phone)

    const contacts = await scene.domain.contacts.list(ann.phone)
    expect(contacts.find((c) => c.phone === bob.phone)).toMatchObject({ deactivated: true })
    expect(contacts.find((c) => c.phone === cat.phone)).not.toHaveProperty('deactivated')
    const [team] = await scene.domain.groups.listFor(ann.phone)
    expect(team?.participants.map((p) => [p.phone, p.deactivated])).toEqual([
      [ann.phone, undefined],
      [bob.phone, true],
      [cat.phone, undefined],
    ])
    const view = await scene.domain.posts.view(ann.phone, sent.post.idPostEmet)
    expect(view?.data.destinataires).toEqual([expect.objectContaining({ deactivated: true })])

    // Activated: as before, their past post still there.
    await members().activate(BOSS.phone, bob.phone)
    const again = await scene.domain.posts.view(ann.phone, sent.post.idPostEmet)
    expect(again?.data.destinataires[0]).not.toHaveProperty('deactivated')
    expect(await scene.domain.posts.view(bob.phone, sent.post.idPostEmet)).not.toBeNull()
    expect(await scene.domain.users.signIn(bob.phone, 'secret-pass', '1.2.3.4')).toMatchObject({
      kind: 'ok',
    })
    const audit = await scene.domain.organisation.audit.list({ n: 0, phone: bob.phone })
    expect(audit.items.map((e) => e.action)).toEqual(['activate', 'deactivate'])
  })
})
