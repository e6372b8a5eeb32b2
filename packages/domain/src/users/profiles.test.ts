// Profiles in the domain (docs/organisation.md, "Profiles"; docs/data-model.md, "Users") and who
// hears of a change (docs/realtime.md, "Profiles").
import { describe, expect, it } from 'vitest'
import { useDomainScene } from '../testing/domain-scene.js'
import { userModel } from './user-model.js'

const scene = useDomainScene({ clock: () => new Date() })

const register = async (phone: string, name: string) => {
  await scene.domain.users.register({
    phone,
    nomPrenom: name,
    indicatif: '33',
    mail: `${phone}@example.test`,
    password: 'secret-pass',
  })
  return { phone, name }
}

describe('profiles', () => {
  it('read an account made before profiles as an employee with nothing else set', async () => {
    await register('33612000001', 'Awa Diop')
    expect(await scene.domain.profiles.get('33612000001')).toEqual({
      phone: '33612000001',
      phoneDisplay: '+33 6 12 00 00 01',
      name: 'Awa Diop',
      title: '',
      team: '',
      site: '',
      kind: 'employee',
    })
    expect(await scene.domain.profiles.get('33612000099')).toBeNull()
  })

  it("write the name into nomPrenom, store a partner's kind only, and unset an emptied field", async () => {
    await register('33612000001', 'Awa Diop')
    const first = await scene.domain.profiles.update('33612000001', {
      name: 'Awa N. Diop',
      title: 'CTO',
      team: 'Ops',
      kind: 'partner',
      language: 'fr',
    })
    expect(first.changes).toEqual({
      name: { from: 'Awa Diop', to: 'Awa N. Diop' },
      title: { from: '', to: 'CTO' },
      team: { from: '', to: 'Ops' },
      kind: { from: 'employee', to: 'partner' },
    })
    const users = userModel(scene.connection)
    expect(await users.findOne({ phone: '33612000001' }).lean()).toMatchObject({
      nomPrenom: 'Awa N. Diop',
      title: 'CTO',
      team: 'Ops',
      kind: 'partner',
      language: 'fr',
    })
    const second = await scene.domain.profiles.update('33612000001', {
      title: '',
      kind: 'employee',
    })
    expect(second.changes).toEqual({
      title: { from: 'CTO', to: '' },
      kind: { from: 'partner', to: 'employee' },
    })
    const stored = await users.findOne({ phone: '33612000001' }).lean()
    expect(stored?.title).toBeUndefined()
    expect(stored?.kind).toBeUndefined()
    expect(await scene.domain.profiles.get('33612000001')).toMatchObject({
      title: '',
      team: 'Ops',
      kind: 'employee',
      language: 'fr',
    })
    // The same values again change nothing.
    expect((await scene.domain.profiles.update('33612000001', { team: 'Ops' })).changes).toEqual({})
  })

  it('refuse an unknown person and write nothing', async () => {
    await expect(scene.domain.profiles.update('33612000099', { title: 'X' })).rejects.toMatchObject(
      { code: 'not_found' },
    )
    expect(await userModel(scene.connection).countDocuments({ phone: '33612000099' })).toBe(0)
  })

  it('reach the person, their folders’ members and whoever has them in their contacts', async () => {
    const awa = await register('33612000001', 'Awa')
    const bob = await register('33612000002', 'Bob')
    const cleo = await register('33612000003', 'Cleo')
    const dan = await register('33612000004', 'Dan')
    await register('33612000005', 'Stranger')
    // Dan has Awa in his contacts; Awa's folder holds Bob and Cleo (her contacts).
    await scene.domain.contacts.save(dan.phone, { name: 'Awa', phone: awa.phone })
    await scene.domain.contacts.save(awa.phone, { name: 'Bob', phone: bob.phone })
    await scene.domain.contacts.save(awa.phone, { name: 'Cleo', phone: cleo.phone })
    await scene.domain.groups.create(awa, {
      idGroup: 'g-profile',
      nomGroup: 'Team',
      noName: '0',
      participants: [{ phone: bob.phone }, { phone: cleo.phone }],
    })
    expect((await scene.domain.profiles.audience(awa.phone)).sort()).toEqual(
      [awa.phone, bob.phone, cleo.phone, dan.phone].sort(),
    )
    // Bob is in Awa's folder, not in Dan's contacts.
    expect((await scene.domain.profiles.audience(dan.phone)).sort()).toEqual([dan.phone])
  })
})
