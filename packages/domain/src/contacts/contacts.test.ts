import { messages } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { parseNewContact } from './contact-rules.js'
import { useDomainScene } from '../testing/domain-scene.js'

const scene = useDomainScene()

const OWNER = '33600000001'
const signUp = (phone: string, nomPrenom: string) =>
  scene.domain.users.register({
    phone,
    nomPrenom,
    indicatif: '33',
    mail: `${phone}@example.test`,
    password: 'secret-pass',
  })

describe('contact rules: a name, a phone typed with its +', () => {
  it('need a name', () => {
    expect(() => parseNewContact({ name: '  ', phone: '+33612345678' })).toThrow(
      messages.contact.nameRequired,
    )
  })
  it('need a phone', () => {
    expect(() => parseNewContact({ name: 'Ada', phone: '' })).toThrow(
      messages.contact.phoneRequired,
    )
  })
  it("need the phone to begin with '+'", () => {
    expect(() => parseNewContact({ name: 'Ada', phone: '33612345678' })).toThrow(
      messages.contact.formatIncorrect,
    )
  })
  it('strip special characters from the phone', () => {
    expect(parseNewContact({ name: ' Ada ', phone: '+33 (6) 12-34-56-78' })).toEqual({
      name: 'Ada',
      phone: '33612345678',
    })
  })
  it('refuse a phone that is no phone once stripped', () => {
    expect(() => parseNewContact({ name: 'Ada', phone: '+12' })).toThrow(
      messages.contact.formatIncorrect,
    )
    expect(() => parseNewContact({ name: 'Ada', phone: ' +()- ' })).toThrow(
      messages.contact.phoneRequired,
    )
  })
  it("keep the phone under its canonical key: France's trunk 0 dropped, Côte d'Ivoire's 0 kept", () => {
    expect(parseNewContact({ name: 'Bob', phone: '+33 06 12 34 56 02' }).phone).toBe('33612345602')
    expect(parseNewContact({ name: 'Awa', phone: '+225 07 07 12 34 56' }).phone).toBe(
      '2250707123456',
    )
  })
  it('refuse a number that cannot be a phone of its country', () => {
    for (const phone of ['+33 06 12 34 56 0', '+225 07 12 34 56', '+49 30 1234567'])
      expect(() => parseNewContact({ name: 'Ada', phone }), phone).toThrow(
        messages.contact.formatIncorrect,
      )
  })
})

describe('contacts', () => {
  it('answer nModified 1 when saved or renamed, 0 when already so', async () => {
    expect(await scene.domain.contacts.save(OWNER, { name: 'Ada', phone: '33611111111' })).toEqual({
      nModified: 1,
    })
    expect(await scene.domain.contacts.save(OWNER, { name: 'Ada', phone: '33611111111' })).toEqual({
      nModified: 0,
    })
    expect(
      await scene.domain.contacts.save(OWNER, { name: 'Ada L.', phone: '33611111111' }),
    ).toEqual({
      nModified: 1,
    })
    expect(await scene.domain.contacts.list(OWNER)).toEqual([
      { name: 'Ada L.', phone: '33611111111', status: '0', phoneOwnerRepertory: OWNER },
    ])
  })

  it('list registered contacts first, then by name, and show later sign-ups as registered', async () => {
    await scene.domain.contacts.save(OWNER, { name: 'zoe', phone: '33611111111' })
    await scene.domain.contacts.save(OWNER, { name: 'Bob', phone: '33622222222' })
    await scene.domain.contacts.save(OWNER, { name: 'alice', phone: '33633333333' })
    await signUp('33611111111', 'Zoe Z')
    const order = (await scene.domain.contacts.list(OWNER)).map((c) => [c.name, c.status])
    expect(order).toEqual([
      ['zoe', '1'],
      ['alice', '0'],
      ['Bob', '0'],
    ])
    await signUp('33622222222', 'Bob B')
    const later = (await scene.domain.contacts.list(OWNER)).map((c) => [c.name, c.status])
    expect(later).toEqual([
      ['Bob', '1'],
      ['zoe', '1'],
      ['alice', '0'],
    ])
  })

  it('belong to their owner only', async () => {
    await scene.domain.contacts.save(OWNER, { name: 'Ada', phone: '33611111111' })
    expect(await scene.domain.contacts.list('33699999999')).toEqual([])
  })

  it('page 20 at a time from an offset', async () => {
    for (let i = 0; i < 25; i++)
      await scene.domain.contacts.save(OWNER, {
        name: `c${String(i).padStart(2, '0')}`,
        phone: `336110000${String(i).padStart(2, '0')}`,
      })
    const first = await scene.domain.contacts.page(OWNER, 0)
    const rest = await scene.domain.contacts.page(OWNER, 20)
    expect(first).toHaveLength(20)
    expect(first[0]?.name).toBe('c00')
    expect(rest.map((c) => c.name)).toEqual(['c20', 'c21', 'c22', 'c23', 'c24'])
  })

  it('search names as a literal, case-insensitive substring; a blank word lists all', async () => {
    await scene.domain.contacts.save(OWNER, { name: 'Ada Lovelace', phone: '33611111111' })
    await scene.domain.contacts.save(OWNER, { name: 'Grace (Navy)', phone: '33622222222' })
    await scene.domain.contacts.save(OWNER, { name: 'Linus', phone: '33633333333' })
    expect((await scene.domain.contacts.search(OWNER, 'LOVE', 0)).map((c) => c.name)).toEqual([
      'Ada Lovelace',
    ])
    expect((await scene.domain.contacts.search(OWNER, '(navy', 0)).map((c) => c.name)).toEqual([
      'Grace (Navy)',
    ])
    expect(await scene.domain.contacts.search(OWNER, '.*', 0)).toEqual([])
    expect(await scene.domain.contacts.search(OWNER, '   ', 0)).toHaveLength(3)
  })

  it("rename one of the owner's contacts, and nobody else's", async () => {
    await scene.domain.contacts.save(OWNER, { name: 'Ada', phone: '33611111111' })
    await signUp('33611111111', 'Ada L')
    expect(await scene.domain.contacts.rename(OWNER, '33611111111', 'Ada Lovelace')).toEqual({
      name: 'Ada Lovelace',
      phone: '33611111111',
      status: '1',
      phoneOwnerRepertory: OWNER,
    })
    expect(await scene.domain.contacts.rename('33699999999', '33611111111', 'Mine')).toBeNull()
    expect(await scene.domain.contacts.rename(OWNER, '33622222222', 'Nobody')).toBeNull()
    expect((await scene.domain.contacts.list(OWNER)).map((c) => c.name)).toEqual(['Ada Lovelace'])
    expect(await scene.domain.contacts.list('33699999999')).toEqual([])
  })

  it("remove one of the owner's contacts, once", async () => {
    await scene.domain.contacts.save(OWNER, { name: 'Ada', phone: '33611111111' })
    await scene.domain.contacts.save(OWNER, { name: 'Bob', phone: '33622222222' })
    expect(await scene.domain.contacts.remove('33699999999', '33611111111')).toBe(false)
    expect(await scene.domain.contacts.remove(OWNER, '33611111111')).toBe(true)
    expect(await scene.domain.contacts.remove(OWNER, '33611111111')).toBe(false)
    expect((await scene.domain.contacts.list(OWNER)).map((c) => c.name)).toEqual(['Bob'])
  })
})
