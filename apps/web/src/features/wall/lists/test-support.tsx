import { vi } from 'vitest'
import type { Contact, ContactSource, Group } from '../model/types'

/** Test helpers of the wall's lists and modals (docs/wall.md, "Lists" and "Modals"). */
export { renderWith } from '../../../test/render-with'

/**
 * jsdom lays nothing out, so a virtual list would see a 0px window: give every element a
 * client height (8 rows of 52px) so the lists draw rows. Restore with vi.restoreAllMocks().
 */
export const mockListHeight = (height = 416) =>
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height)

export const contact = (index: number, overrides: Partial<Contact> = {}): Contact => ({
  name: `Contact ${index}`,
  phone: String(33600000000 + index),
  status: '1',
  ...overrides,
})

export const contacts = (count: number, from = 0): Contact[] =>
  Array.from({ length: count }, (_, index) => contact(from + index))

export const folder = (index: number, overrides: Partial<Group> = {}): Group => ({
  nomGroup: `Folder ${index}`,
  idGroup: `g${index}`,
  participants: [],
  nbrParticipants: 0,
  nbrNotifNonLu: 0,
  datecreation: '2024-01-01T00:00:00.000Z',
  datelastevent: '2024-01-01T00:00:00.000Z',
  noName: '0',
  ...overrides,
})

export const folders = (count: number): Group[] =>
  Array.from({ length: count }, (_, index) => folder(index))

export const source = (
  items: readonly Contact[],
  overrides: Partial<ContactSource> = {},
): ContactSource => ({
  items,
  hasMore: false,
  isLoading: false,
  loadMore: vi.fn(),
  word: '',
  setWord: vi.fn(),
  ...overrides,
})
