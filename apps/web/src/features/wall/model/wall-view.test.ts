import { describe, expect, it } from 'vitest'
import type { WallScope } from './types'
import { initialWallView, wallViewReducer, type WallView } from './wall-view'

const folder: WallScope = { kind: 'folder', idGroup: 'g1', name: 'Team' }
const contact: WallScope = {
  kind: 'contact',
  phone: '33600000002',
  name: 'Alice',
  registered: true,
}
const searchingFolder: WallView = { scope: folder, page: 3, word: 'budget' }

describe('wallViewReducer', () => {
  it('starts on the first page of the general wall, unsearched', () => {
    expect(initialWallView).toEqual({ scope: { kind: 'general' }, page: 0, word: '' })
  })

  it('opens a new scope on its first page and ends the search', () => {
    expect(wallViewReducer(searchingFolder, { type: 'scope', scope: contact })).toEqual({
      scope: contact,
      page: 0,
      word: '',
    })
  })

  it('goes back to the general wall, first page, unsearched', () => {
    expect(wallViewReducer(searchingFolder, { type: 'general' })).toEqual({
      scope: { kind: 'general' },
      page: 0,
      word: '',
    })
  })

  it('changes the page and keeps the scope and the search', () => {
    expect(wallViewReducer(searchingFolder, { type: 'page', page: 5 })).toEqual({
      scope: folder,
      page: 5,
      word: 'budget',
    })
  })

  it('never goes below the first page', () => {
    expect(wallViewReducer(searchingFolder, { type: 'page', page: -2 }).page).toBe(0)
  })

  it('starts a search on the first page of the same scope, with the word trimmed', () => {
    const view: WallView = { scope: folder, page: 4, word: '' }
    expect(wallViewReducer(view, { type: 'search', word: '  plan  ' })).toEqual({
      scope: folder,
      page: 0,
      word: 'plan',
    })
  })

  it('takes a blank word as no search', () => {
    expect(wallViewReducer(searchingFolder, { type: 'search', word: '   ' })).toEqual({
      scope: folder,
      page: 0,
      word: '',
    })
    expect(wallViewReducer(searchingFolder, { type: 'search', word: '' }).word).toBe('')
  })

  it('renames the contact on screen, keeping its page and search, and nothing else', () => {
    const onContact: WallView = { scope: contact, page: 2, word: 'lunch' }
    expect(
      wallViewReducer(onContact, { type: 'contactRenamed', phone: '33600000002', name: 'Ali' }),
    ).toEqual({ scope: { ...contact, name: 'Ali' }, page: 2, word: 'lunch' })
    expect(
      wallViewReducer(onContact, { type: 'contactRenamed', phone: '33600000009', name: 'Zed' }),
    ).toBe(onContact)
    expect(
      wallViewReducer(searchingFolder, { type: 'contactRenamed', phone: '33600000002', name: 'A' }),
    ).toBe(searchingFolder)
  })

  it('does not change the view it is given', () => {
    const before = structuredClone(searchingFolder)
    wallViewReducer(searchingFolder, { type: 'page', page: 1 })
    wallViewReducer(searchingFolder, { type: 'search', word: 'x' })
    expect(searchingFolder).toEqual(before)
  })
})
