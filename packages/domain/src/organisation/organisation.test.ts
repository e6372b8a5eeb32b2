// The organisation's rules in the domain (docs/organisation.md): roles and ADMIN_PHONES, the
// sign-up settings and their environment defaults, the gate of a closed space, invitations,
// the members list, the last-seen time and the audit trail.
import { messages } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { useDomainScene } from '../testing/domain-scene.js'
import { userModel } from '../users/user-model.js'
import { LAST_SEEN_EVERY_MS } from './members.js'

let now = new Date(Date.UTC(2025, 5, 1, 9))
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms)
}

/** Named in ADMIN_PHONES. */
const BOSS = '33600000100'

// The environment's defaults of this file: a closed space, no allowed domain.
const scene = useDomainScene({
  clock: () => now,
  nodes: 1,
  adminPhones: [BOSS],
  signupDefaults: { signupMode: 'closed', allowedEmailDomains: [] },
})

const register = async (phone: string, name: string, mail = `${phone}@example.test`) => {
  expect(
    await scene.domain.users.register({
      phone,
      nomPrenom: name,
      indicatif: '33',
      mail,
      password: 'secret-pass',
    }),
  ).toBe('created')
  return phone
}

const org = () => scene.domain.organisation

describe('roles', () => {
  it('are member by default, admin for ADMIN_PHONES at sign-up', async () => {
    await register('33600000001', 'Ann Member')
    await register(BOSS, 'Boss Admin')
    expect(await org().members.roleOf('33600000001')).toBe('member')
    expect(await org().members.roleOf(BOSS)).toBe('admin')
    expect(await org().members.roleOf('33600000999')).toBeNull()
    const stored = await userModel(scene.connection).findOne({ phone: BOSS }).lean()
    expect(stored?.role).toBe('admin')
  })

  it('count an account stored before roles existed as a member', async () => {
    const users = userModel(scene.connection)
    await users.collection.insertOne({
      phone: '33600000002',
      indicatif: '33',
      nomPrenom: 'Old Timer',
      mail: 'old@example.test',
      passwordHash: 'x',
      createdAt: now,
      passwordChangedAt: now,
    })
    expect(await org().members.roleOf('33600000002')).toBe('member')
  })

  it('make the existing accounts of ADMIN_PHONES administrators when applied (at start)', async () => {
    const users = userModel(scene.connection)
    await users.collection.insertOne({
      phone: BOSS,
      indicatif: '33',
      nomPrenom: 'Boss Before',
      mail: 'boss@example.test',
      passwordHash: 'x',
      createdAt: now,
      passwordChangedAt: now,
      role: 'member',
    })
    expect(await org().members.applyAdminPhones()).toBe(1)
    expect((await users.findOne({ phone: BOSS }).lean())?.role).toBe('admin')
    // Applied again, nothing changes.
    expect(await org().members.applyAdminPhones()).toBe(0)
  })

  it('let administrators through and refuse members with 403 forbidden', async () => {
    await register(BOSS, 'Boss Admin')
    await register('33600000001', 'Ann Member')
    await expect(org().members.assertAdmin(BOSS)).resolves.toBeUndefined()
    await expect(org().members.assertAdmin('33600000001')).rejects.toMatchObject({
      code: 'forbidden',
      message: messages.organisation.adminsOnly,
    })
    await expect(org().members.assertAdmin('33600000999')).rejects.toMatchObject({
      code: 'forbidden',
    })
  })

  it('change by an administrator, audited; nobody demotes themselves or an ADMIN_PHONES admin', async () => {
    await register(BOSS, 'Boss Admin')
    const ann = await register('33600000001', 'Ann Member')
    const promoted = await org().members.setRole(BOSS, ann, 'admin')
    expect(promoted).toMatchObject({ phone: ann, role: 'admin', adminByConfiguration: false })
    expect(await org().members.roleOf(ann)).toBe('admin')

    // Ann, now an administrator, cannot demote herself, nor the boss of ADMIN_PHONES.
    await expect(org().members.setRole(ann, ann, 'member')).rejects.toMatchObject({
      code: 'forbidden',
      message: messages.organisation.cannotDemoteSelf,
    })
    await expect(org().members.setRole(ann, BOSS, 'member')).rejects.toMatchObject({
      code: 'forbidden',
      message: messages.organisation.cannotDemoteConfigured,
    })
    await expect(org().members.setRole(BOSS, '33600000999', 'admin')).rejects.toMatchObject({
      code: 'not_found',
    })
    // Setting the role it already has changes nothing and records nothing.
    await org().members.setRole(BOSS, ann, 'admin')
    await org().members.setRole(BOSS, ann, 'member')
    expect(await org().members.roleOf(ann)).toBe('member')

    const { items } = await org().audit.list({ n: 0 })
    expect(items.map((e) => [e.action, e.actor, e.target, e.details])).toEqual([
      ['role', BOSS, ann, { from: 'admin', to: 'member' }],
      ['role', BOSS, ann, { from: 'member', to: 'admin' }],
    ])
  })
})

describe('sign-up settings', () => {
  it("are the environment's until saved, then the saved ones hold", async () => {
    await register(BOSS, 'Boss Admin')
    expect(await org().settings.get()).toEqual({
      signupMode: 'closed',
      allowedEmailDomains: [],
      savedAt: null,
    })
    advance(1000)
    const saved = await org().settings.save(BOSS, {
      signupMode: 'open',
      allowedEmailDomains: ['Example.org', 'example.org', 'partner.example'],
    })
    expect(saved).toEqual({
      signupMode: 'open',
      allowedEmailDomains: ['example.org', 'partner.example'],
      savedAt: now.toISOString(),
    })
    // Another node (another process) reads the same.
    expect(await scene.nodes[0]?.organisation.settings.get()).toEqual(saved)
    const [entry] = (await org().audit.list({ n: 0 })).items
    expect(entry).toMatchObject({
      action: 'settings',
      actor: BOSS,
      actorName: 'Boss Admin',
      details: {
        from: { signupMode: 'closed', allowedEmailDomains: [] },
        to: { signupMode: 'open', allowedEmailDomains: ['example.org', 'partner.example'] },
      },
    })
    expect(entry?.target).toBeUndefined()
  })
})

describe('the gate of a closed space', () => {
  const stranger = '33600000050'
  const invitee = '33600000051'

  it('lets everyone through while the space is open', async () => {
    await register(BOSS, 'Boss Admin')
    await org().settings.save(BOSS, { signupMode: 'open', allowedEmailDomains: [] })
    expect(await org().gate.atPhoneStep(stranger)).toBe(true)
    expect(await org().gate.atMailStep('x@anywhere.example', [])).toBe(true)
    expect(await org().gate.atSignUp(stranger, 'x@anywhere.example')).toBe(true)
  })

  it('with no allowed domain: admits invited phones, ADMIN_PHONES and members at the phone step only', async () => {
    await register(BOSS, 'Boss Admin')
    const member = await register('33600000001', 'Ann Member')
    await org().invitations.invite(BOSS, { invitations: [{ phone: `+${invitee}` }] })
    expect(await org().gate.atPhoneStep(stranger)).toBe(false)
    expect(await org().gate.atPhoneStep(invitee)).toBe(true)
    expect(await org().gate.atPhoneStep(BOSS)).toBe(true)
    // A member resets a password through this step.
    expect(await org().gate.atPhoneStep(member)).toBe(true)

    expect(await org().gate.atMailStep('x@anywhere.example', [])).toBe(false)
    expect(await org().gate.atMailStep('x@anywhere.example', [stranger])).toBe(false)
    expect(await org().gate.atMailStep('x@anywhere.example', [stranger, invitee])).toBe(true)
    expect(await org().gate.atSignUp(stranger, 'x@anywhere.example')).toBe(false)
    expect(await org().gate.atSignUp(invitee, 'x@anywhere.example')).toBe(true)
  })

  it('with allowed domains: the phone step lets anyone on, the e-mail step decides', async () => {
    await register(BOSS, 'Boss Admin')
    await org().settings.save(BOSS, { signupMode: 'closed', allowedEmailDomains: ['acme.test'] })
    expect(await org().gate.atPhoneStep(stranger)).toBe(true)
    expect(await org().gate.atMailStep('Awa@ACME.test', [stranger])).toBe(true)
    expect(await org().gate.atMailStep('awa@sub.acme.test', [stranger])).toBe(false)
    expect(await org().gate.atMailStep('awa@acme.test.evil.example', [stranger])).toBe(false)
    expect(await org().gate.atSignUp(stranger, 'awa@acme.test')).toBe(true)
    expect(await org().gate.atSignUp(stranger, 'awa@elsewhere.test')).toBe(false)
  })
})

describe('invitations', () => {
  it('read each phone as typed, answer each with its outcome, and are listed and audited', async () => {
    await register(BOSS, 'Boss Admin')
    const member = await register('33612345678', 'Ann Member')
    const results = await org().invitations.invite(BOSS, {
      dialCode: '+33',
      invitations: [
        { phone: '06 12 34 56 01', name: '  Bob Invitee ' },
        { phone: '+221 77 123 45 67' },
        { phone: '06 12 34 56 78' },
        { phone: 'not a phone' },
        { phone: '0033612345601', name: 'Bob Again' },
      ],
    })
    expect(results).toEqual([
      { input: '06 12 34 56 01', name: 'Bob Invitee', phone: '33612345601', outcome: 'invited' },
      { input: '+221 77 123 45 67', phone: '221771234567', outcome: 'invited' },
      { input: '06 12 34 56 78', phone: member, outcome: 'already_member' },
      { input: 'not a phone', outcome: 'invalid' },
      { input: '0033612345601', name: 'Bob Again', phone: '33612345601', outcome: 'duplicate' },
    ])
    expect(await org().invitations.pending('33612345601')).toBe(true)
    expect(await org().invitations.pending(member)).toBe(false)
    const page = await org().invitations.list({ n: 0 })
    expect(page.total).toBe(2)
    expect(page.items).toEqual(
      expect.arrayContaining([
        {
          phone: '33612345601',
          name: 'Bob Invitee',
          invitedAt: now.toISOString(),
          invitedBy: BOSS,
          invitedByName: 'Boss Admin',
        },
        {
          phone: '221771234567',
          invitedAt: now.toISOString(),
          invitedBy: BOSS,
          invitedByName: 'Boss Admin',
        },
      ]),
    )
    const audit = await org().audit.list({ n: 0 })
    expect(audit.items.map((e) => [e.action, e.target, e.details]).sort()).toEqual(
      [
        ['invite', '221771234567', {}],
        ['invite', '33612345601', { name: 'Bob Invitee' }],
      ].sort(),
    )
  })

  it('are listed newest first, 20 a page; a new invitation of the same phone keeps its name', async () => {
    await register(BOSS, 'Boss Admin')
    for (let i = 0; i < 25; i++) {
      advance(1000)
      await org().invitations.invite(BOSS, {
        invitations: [{ phone: `+3361234${String(5000 + i)}`, name: `Person ${i}` }],
      })
    }
    const first = await org().invitations.list({ n: 0 })
    expect(first.total).toBe(25)
    expect(first.items).toHaveLength(20)
    expect(first.items[0]).toMatchObject({ phone: '33612345024', name: 'Person 24' })
    const second = await org().invitations.list({ n: 20 })
    expect(second.items.map((i) => i.phone)).toEqual([
      '33612345004',
      '33612345003',
      '33612345002',
      '33612345001',
      '33612345000',
    ])
    advance(1000)
    await org().invitations.invite(BOSS, { invitations: [{ phone: '+33612345000' }] })
    const again = await org().invitations.list({ n: 0 })
    expect(again.total).toBe(25)
    expect(again.items[0]).toEqual({
      phone: '33612345000',
      name: 'Person 0',
      invitedAt: now.toISOString(),
      invitedBy: BOSS,
      invitedByName: 'Boss Admin',
    })
  })

  it('are revoked (audited) and spent, after which they are no longer pending', async () => {
    await register(BOSS, 'Boss Admin')
    await org().invitations.invite(BOSS, {
      invitations: [{ phone: '+33612345601', name: 'Bob' }, { phone: '+33612345602' }],
    })
    await org().invitations.revoke(BOSS, '33612345601')
    expect(await org().invitations.pending('33612345601')).toBe(false)
    await expect(org().invitations.revoke(BOSS, '33612345601')).rejects.toMatchObject({
      code: 'not_found',
      message: messages.organisation.noSuchInvitation,
    })
    await org().invitations.spend('33612345602')
    expect(await org().invitations.pending('33612345602')).toBe(false)
    expect((await org().invitations.list({ n: 0 })).total).toBe(0)
    const [latest] = (await org().audit.list({ n: 0 })).items
    expect(latest).toMatchObject({
      action: 'revoke',
      actor: BOSS,
      target: '33612345601',
      details: { name: 'Bob' },
    })
  })

  it('of the same phone at once, from two nodes, leave one pending invitation', async () => {
    await register(BOSS, 'Boss Admin')
    const other = scene.nodes[0]
    if (!other) throw new Error('the scene has a second node')
    await Promise.all([
      org().invitations.invite(BOSS, { invitations: [{ phone: '+33612345601' }] }),
      other.organisation.invitations.invite(BOSS, { invitations: [{ phone: '+33612345601' }] }),
    ])
    expect((await org().invitations.list({ n: 0 })).total).toBe(1)
  })
})

describe('the members list', () => {
  it('is by name, 20 a page, searched by name or phone', async () => {
    await register(BOSS, 'Zoé Boss')
    for (let i = 0; i < 22; i++)
      await register(
        `336000010${String(i).padStart(2, '0')}`,
        `Member ${String(i).padStart(2, '0')}`,
      )
    await register('221771234567', 'Awa (Dakar)')
    const first = await org().members.list({ n: 0 })
    expect(first.total).toBe(24)
    expect(first.items).toHaveLength(20)
    expect(first.items[0]).toEqual({
      phone: '221771234567',
      name: 'Awa (Dakar)',
      mail: '221771234567@example.test',
      role: 'member',
      status: 'active',
      createdAt: now.toISOString(),
      lastSeenAt: null,
      adminByConfiguration: false,
      deactivatedAt: null,
      // No profile set yet: an employee (docs/organisation.md, "Profiles").
      title: '',
      team: '',
      site: '',
      kind: 'employee',
    })
    const last = await org().members.list({ n: 20 })
    expect(last.items.map((m) => m.name)).toEqual([
      'Member 19',
      'Member 20',
      'Member 21',
      'Zoé Boss',
    ])
    expect(last.items[3]).toMatchObject({ role: 'admin', adminByConfiguration: true })

    // A name, case-insensitively and literally; a phone as typed, by its digits.
    expect((await org().members.list({ q: 'member 2', n: 0 })).items.map((m) => m.name)).toEqual([
      'Member 20',
      'Member 21',
    ])
    expect((await org().members.list({ q: '(dakar)', n: 0 })).total).toBe(1)
    expect((await org().members.list({ q: '.*', n: 0 })).total).toBe(0)
    const byPhone = await org().members.list({ q: '+221 77 123', n: 0 })
    expect(byPhone.items.map((m) => m.phone)).toEqual(['221771234567'])
    expect((await org().members.list({ q: '  ', n: 0 })).total).toBe(24)
  })
})

describe('the last-seen time', () => {
  it('is written at most once a minute per person, whichever node sees them', async () => {
    const ann = await register('33600000001', 'Ann Member')
    const lastSeen = async () => (await org().members.list({ q: 'Ann', n: 0 })).items[0]?.lastSeenAt
    const first = now.toISOString()
    await org().members.seen(ann)
    expect(await lastSeen()).toBe(first)
    advance(LAST_SEEN_EVERY_MS - 1000)
    await org().members.seen(ann)
    await scene.nodes[0]?.organisation.members.seen(ann)
    expect(await lastSeen()).toBe(first)
    advance(1000)
    await org().members.seen(ann)
    expect(await lastSeen()).toBe(now.toISOString())
  })
})

describe('the audit trail', () => {
  it('is newest first, 20 a page, filtered by a person as actor or target, with names', async () => {
    await register(BOSS, 'Boss Admin')
    const ann = await register('33600000001', 'Ann Member')
    for (let i = 0; i < 21; i++) {
      advance(1000)
      await org().invitations.invite(BOSS, {
        invitations: [{ phone: `+3361234${String(5000 + i)}` }],
      })
    }
    advance(1000)
    await org().members.setRole(BOSS, ann, 'admin')
    advance(1000)
    await org().settings.save(ann, { signupMode: 'closed', allowedEmailDomains: [] })

    const first = await org().audit.list({ n: 0 })
    expect(first.total).toBe(23)
    expect(first.items).toHaveLength(20)
    expect(first.items.map((e) => e.action).slice(0, 3)).toEqual(['settings', 'role', 'invite'])
    expect(first.items[1]).toMatchObject({
      actor: BOSS,
      actorName: 'Boss Admin',
      target: ann,
      targetName: 'Ann Member',
      at: new Date(now.getTime() - 1000).toISOString(),
    })
    expect((await org().audit.list({ n: 20 })).items.map((e) => e.target)).toEqual([
      '33612345002',
      '33612345001',
      '33612345000',
    ])
    // Ann as target (the role change), then as actor (the settings).
    const anns = await org().audit.list({ n: 0, phone: ann })
    expect(anns.total).toBe(2)
    expect(anns.items.map((e) => e.action)).toEqual(['settings', 'role'])
    expect((await org().audit.list({ n: 0, phone: '33612345003' })).items).toHaveLength(1)
  })

  it('offers no way to change or remove an entry', () => {
    expect(Object.keys(org().audit).sort()).toEqual(['append', 'list'])
  })
})
