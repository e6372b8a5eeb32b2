import { describe, expect, it } from 'vitest'
import type { WallScope } from '../model/types'
import { readCountKey, readPageKey, scopeKey, wallKeys } from './keys'

const phone = '33600000001'
const general: WallScope = { kind: 'general' }
const contact: WallScope = {
  kind: 'contact',
  phone: '33600000002',
  name: 'Alice',
  registered: true,
}
const folder: WallScope = { kind: 'folder', idGroup: 'g7', name: 'Team' }

describe('scopeKey', () => {
  it('names the general wall, a contact by phone and a folder by id', () => {
    expect(scopeKey(general)).toBe('general')
    expect(scopeKey(contact)).toBe('contact:33600000002')
    expect(scopeKey(folder)).toBe('folder:g7')
  })

  it('ignores the display name: the same contact under another name is the same scope', () => {
    expect(scopeKey({ ...contact, name: 'Alice M.', registered: false })).toBe(scopeKey(contact))
  })
})

describe('wallKeys', () => {
  it("puts every query of a user under ['wall', phone]", () => {
    const all = wallKeys.all(phone)
    expect(all).toEqual(['wall', phone])
    const keys = [
      wallKeys.pages(phone),
      wallKeys.page(phone, folder, 'hello', 2),
      wallKeys.counts(phone),
      wallKeys.count(phone, contact, ''),
      wallKeys.post(phone, 'p1'),
      wallKeys.posts(phone),
      wallKeys.comments(phone, 'p1'),
      wallKeys.files(phone, 'p1'),
      wallKeys.groups(phone),
      wallKeys.contacts(phone, 'al'),
      wallKeys.allContacts(phone),
    ]
    for (const key of keys) expect(key.slice(0, 2)).toEqual(all)
  })

  it('nests a page under pages, a count under counts, a post under posts, a search under contacts', () => {
    expect(wallKeys.page(phone, folder, 'hello', 2)).toEqual([
      'wall',
      phone,
      'page',
      'folder:g7',
      'hello',
      2,
    ])
    expect(wallKeys.page(phone, general, '', 0).slice(0, 3)).toEqual(wallKeys.pages(phone))
    expect(wallKeys.count(phone, contact, '')).toEqual([
      'wall',
      phone,
      'count',
      'contact:33600000002',
      '',
    ])
    expect(wallKeys.count(phone, contact, '').slice(0, 3)).toEqual(wallKeys.counts(phone))
    expect(wallKeys.post(phone, 'p1')).toEqual(['wall', phone, 'post', 'p1'])
    expect(wallKeys.post(phone, 'p1').slice(0, 3)).toEqual(wallKeys.posts(phone))
    expect(wallKeys.comments(phone, 'p1')).toEqual(['wall', phone, 'comments', 'p1'])
    expect(wallKeys.files(phone, 'p1')).toEqual(['wall', phone, 'files', 'p1'])
    expect(wallKeys.groups(phone)).toEqual(['wall', phone, 'groups'])
    expect(wallKeys.contacts(phone, 'al').slice(0, 3)).toEqual(wallKeys.allContacts(phone))
  })

  it("keeps two users' queries apart", () => {
    expect(wallKeys.all('33600000009')).not.toEqual(wallKeys.all(phone))
    expect(wallKeys.page('33600000009', general, '', 0)).not.toEqual(
      wallKeys.page(phone, general, '', 0),
    )
  })
})

describe('readPageKey', () => {
  it('reads back the scope, word and page of a page key', () => {
    expect(readPageKey(wallKeys.page(phone, folder, 'hello', 3))).toEqual({
      scope: 'folder:g7',
      word: 'hello',
      page: 3,
    })
    expect(readPageKey(wallKeys.page(phone, general, '', 0))).toEqual({
      scope: 'general',
      word: '',
      page: 0,
    })
  })

  it('answers null for any other key', () => {
    expect(readPageKey(wallKeys.count(phone, general, ''))).toBeNull()
    expect(readPageKey(wallKeys.post(phone, 'p1'))).toBeNull()
    expect(readPageKey(wallKeys.pages(phone))).toBeNull()
    expect(readPageKey(['wall', phone, 'page', 'general', '', '0'])).toBeNull()
    expect(readPageKey(['wall', phone, 'page', 'general', 1, 0])).toBeNull()
  })
})

describe('readCountKey', () => {
  it('reads back the scope and word of a count key', () => {
    expect(readCountKey(wallKeys.count(phone, contact, 'bob'))).toEqual({
      scope: 'contact:33600000002',
      word: 'bob',
    })
  })

  it('answers null for any other key', () => {
    expect(readCountKey(wallKeys.page(phone, general, '', 0))).toBeNull()
    expect(readCountKey(wallKeys.counts(phone))).toBeNull()
  })
})
