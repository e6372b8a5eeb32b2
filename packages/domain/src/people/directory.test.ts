// The directory's search and pages (docs/organisation.md, "The directory"), and the start-up
// repair that gives older accounts their words.
import { directoryPageSize } from '@palabre/contracts'
import { beforeEach, describe, expect, it } from 'vitest'
import { useDomainScene } from '../testing/domain-scene.js'
import { userModel } from '../users/user-model.js'
import { addDirectoryWords } from './directory.js'

const scene = useDomainScene()
const me = '33600000000'

const register = (phone: string, nomPrenom: string) =>
  scene.domain.users.register({
    phone,
    nomPrenom,
    indicatif: '33',
    mail: `${phone}@example.test`,
    password: 'secret-pass',
  })

const names = async (q: string, n = 0) =>
  (await scene.domain.directory.page(me, { q, n })).items.map((item) => item.name)

beforeEach(async () => {
  await register(me, 'Me Myself')
  await register('33600000001', 'Chloé Martin')
  await register('33600000002', 'Marc Dupont')
  await register('33600000003', 'ANNE-MARIE Lefèvre')
  await scene.domain.profiles.update('33600000002', {
    title: 'Chef de la Sécurité',
    team: 'Sûreté',
    site: 'Lyon Part-Dieu',
  })
})

describe('the directory search', () => {
  it('matches the beginning of a word of the name, title, team or site, accents and case aside', async () => {
    expect(await names('mart')).toEqual(['Chloé Martin'])
    expect(await names('CHLOE')).toEqual(['Chloé Martin'])
    expect(await names('sec')).toEqual(['Marc Dupont'])
    expect(await names('surete')).toEqual(['Marc Dupont'])
    expect(await names('dieu')).toEqual(['Marc Dupont'])
    expect(await names('lefe')).toEqual(['ANNE-MARIE Lefèvre'])
    // Inside a word is not a beginning.
    expect(await names('artin')).toEqual([])
  })

  it('needs every word of q, each the beginning of some word', async () => {
    expect(await names('marie anne')).toEqual(['ANNE-MARIE Lefèvre'])
    expect(await names('mar lyon')).toEqual(['Marc Dupont'])
    expect(await names('mar')).toEqual(['ANNE-MARIE Lefèvre', 'Chloé Martin', 'Marc Dupont'])
    expect(await names('chloe lyon')).toEqual([])
  })

  it('follows a profile change and leaves out oneself and the deactivated', async () => {
    await scene.domain.profiles.update('33600000002', { team: 'Logistique', name: 'Marc Durand' })
    expect(await names('surete')).toEqual([])
    expect(await names('logis durand')).toEqual(['Marc Durand'])
    expect(await names('me')).toEqual([])
    await scene.domain.organisation.members.deactivate(me, '33600000001')
    expect(await names('')).toEqual(['ANNE-MARIE Lefèvre', 'Marc Durand'])
  })

  it('answers pages by name then phone, with the total', async () => {
    for (let i = 10; i < 40; i++) await register(`336000000${i}`, 'Zed Same')
    const first = await scene.domain.directory.page(me, { q: 'zed', n: 0 })
    const second = await scene.domain.directory.page(me, { q: 'zed', n: directoryPageSize })
    expect(first.total).toBe(30)
    expect(second.total).toBe(30)
    expect(first.items).toHaveLength(directoryPageSize)
    expect([...first.items, ...second.items].map((p) => p.phone)).toEqual(
      Array.from({ length: 30 }, (_, i) => `336000000${i + 10}`),
    )
    expect(first.items[0]).toEqual({
      phone: '33600000010',
      name: 'Zed Same',
      title: '',
      team: '',
      site: '',
      kind: 'employee',
    })
    expect((await scene.domain.directory.page(me, { n: 0 })).total).toBe(33)
  })
})

describe('the directory words of older accounts', () => {
  it('are filled at start, in batches, and once', async () => {
    const User = userModel(scene.connection)
    await User.updateMany({}, { $unset: { directoryWords: 1 } })
    expect(await names('chloe')).toEqual([])
    expect(await addDirectoryWords(scene.connection)).toBe(4)
    expect(await names('chloe')).toEqual(['Chloé Martin'])
    expect(await names('securite')).toEqual(['Marc Dupont'])
    expect(await addDirectoryWords(scene.connection)).toBe(0)
  })
})
