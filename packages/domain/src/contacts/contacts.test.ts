import { messages } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { parseNewContact } from './contact-rules.js'
import { contactId, contactModel } from './contact-model.js'
import { searchKey } from '@palabre/contracts'
import { addContactSearchKeys } from './contacts.js'
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

describe('searchKey', () => {
  it('folds case, accents and the letters no decomposition splits', () => {
    expect(searchKey('Zoé')).toBe('zoe')
    expect(searchKey('ÉLODIE Ñúñez')).toBe('elodie nunez')
    expect(searchKey('Œuvre Æsir Straße Søren Łukasz Đorđe')).toBe(
      'oeuvre aesir strasse soren lukasz dorde',
    )
    expect(searchKey('ﬁlm (a.b)')).toBe('film (a.b)')
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

  it("search names case and accents aside: 'zoe' finds 'Zoé', 'ZOÉ' finds 'zoe'", async () => {
    const names = ['Zoé Lambert', 'zoe', 'Chloé Dubois', 'Œdipe Roi', 'Bruno Keita']
    for (const [index, name] of names.entries())
      await scene.domain.contacts.save(OWNER, { name, phone: `3361111111${index}` })
    const found = async (word: string) =>
      (await scene.domain.contacts.search(OWNER, word, 0)).map((c) => c.name).sort()
    expect(await found('zoe')).toEqual(['Zoé Lambert', 'zoe'])
    expect(await found('ZOÉ')).toEqual(['Zoé Lambert', 'zoe'])
    expect(await found('chloe d')).toEqual(['Chloé Dubois'])
    expect(await found('oedipe')).toEqual(['Œdipe Roi'])
    // A word with an accent is folded too: 'é' is any e.
    expect(await found('KÉÏTA')).toEqual(['Bruno Keita'])
    // Still a literal substring: a regex character matches only itself.
    expect(await found('z.e')).toEqual([])
    // A rename searches by its new name.
    await scene.domain.contacts.rename(OWNER, '33611111114', 'Brunö Këita')
    expect(await found('bruno keita')).toEqual(['Brunö Këita'])
  })

  it('key the contacts stored before search keys, once, at start', async () => {
    const Contact = contactModel(scene.connection)
    const old = (phone: string, name: string) => ({
      _id: contactId(OWNER, phone),
      owner: OWNER,
      phone,
      name,
      createdAt: new Date(0),
    })
    await Contact.insertMany([old('33611111111', 'Zoé'), old('33622222222', 'Hélène')], {
      lean: true,
    })
    await scene.domain.contacts.save(OWNER, { name: 'Zoë', phone: '33633333333' })
    // Until keyed, an old contact is found by its name as before, case aside.
    expect((await scene.domain.contacts.search(OWNER, 'ZO', 0)).map((c) => c.name)).toEqual([
      'Zoé',
      'Zoë',
    ])
    expect((await scene.domain.contacts.search(OWNER, 'zoe', 0)).map((c) => c.name)).toEqual([
      'Zoë',
    ])
    expect(await addContactSearchKeys(scene.connection)).toBe(2)
    expect((await scene.domain.contacts.search(OWNER, 'zoe', 0)).map((c) => c.name)).toEqual([
      'Zoé',
      'Zoë',
    ])
    expect((await Contact.findOne({ _id: contactId(OWNER, '33622222222') }).lean())?.nameKey).toBe(
      searchKey('Hélène'),
    )
    // Nothing left to key: the next start writes nothing.
    expect(await addContactSearchKeys(scene.connection)).toBe(0)
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
