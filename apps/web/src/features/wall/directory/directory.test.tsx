import type { DirectoryPerson } from '@palabre/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  callsTo,
  failure,
  jsonResponse,
  pageOf,
  stubAdminApi,
  type ApiCall,
} from '../../admin/test-support'
import { folder, renderWith } from '../lists/test-support'
import { Directory, type DirectoryActions } from './directory'

/**
 * The directory and a person's card (docs/wall.md, "Directory"): the search asks the server, the
 * pages, the card, and 'Post to' and 'Add to a folder' saving the person as a contact first.
 */

const viewer = '33600000001'
const person = (index: number, overrides: Partial<DirectoryPerson> = {}): DirectoryPerson => ({
  phone: String(33612000000 + index),
  name: `Person ${String(index).padStart(2, '0')}`,
  title: '',
  team: '',
  site: '',
  kind: 'employee',
  ...overrides,
})
const bruno = person(2, { name: 'Bruno Keita', title: 'Nurse', team: 'Night shift', site: 'Lyon' })
const everyone = [bruno, ...Array.from({ length: 44 }, (_, i) => person(i + 10))]

/** The directory as the server answers it, searching the name and team. */
const directory = (call: ApiCall) => {
  const q = (call.query.get('q') ?? '').toLowerCase()
  const found = everyone.filter((p) => `${p.name} ${p.team}`.toLowerCase().includes(q))
  return pageOf(found, call)
}

/** The viewer's repertoire: `contacts` saved already. */
const repertoire = (contacts: { name: string; phone: string }[]) =>
  jsonResponse([
    {
      nomPrenom: 'Chloé',
      phone: viewer,
      mail: 'c@x.fr',
      repertoire: contacts.map((c) => ({ ...c, status: '1' })),
    },
  ])

const stub = (contacts: { name: string; phone: string }[] = []) =>
  stubAdminApi((call) => {
    if (call.path === '/api/directory') return directory(call)
    if (call.path === `/api/userWithRepInscris/${viewer}`) return repertoire(contacts)
    if (call.method === 'POST' && call.path === '/api/contact')
      return jsonResponse({ nModified: 1 })
    return undefined
  })

const actionsMock = () => ({
  saveContact: vi.fn<DirectoryActions['saveContact']>(async () => {}),
  addMembers: vi.fn<DirectoryActions['addMembers']>(async () => {}),
  post: vi.fn<DirectoryActions['post']>(),
})

const open = (
  actions: DirectoryActions = actionsMock(),
  folders = [folder(1, { nomGroup: 'Night team' })],
  language: 'en' | 'fr' = 'en',
) => {
  renderWith(
    <Directory open onClose={vi.fn()} viewerPhone={viewer} folders={folders} actions={actions} />,
    language,
  )
  return screen.getByRole('dialog', { name: language === 'en' ? 'Directory' : 'Annuaire' })
}

const names = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list'))
    .getAllByRole('button')
    .map((row) => row.textContent)

const openCard = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(name) }))
  return screen.getByRole('dialog', { name })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the directory', () => {
  it('lists everyone 20 a page with the total, each with their title · team · site', async () => {
    const calls = stub()
    const dialog = open()
    await within(dialog).findByText('45 people')
    expect(names(dialog)[0]).toBe('Bruno KeitaNurse · Night shift · Lyon')
    expect(names(dialog)).toHaveLength(20)
    expect(within(dialog).getByTestId('directory-paging').textContent).toBe('1 - 20 of 45')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next page' }))
    await waitFor(() =>
      expect(within(dialog).getByTestId('directory-paging').textContent).toBe('21 - 40 of 45'),
    )
    await waitFor(() => expect(names(dialog)[0]).toBe('Person 29'))
    const asked = callsTo(calls, 'GET', '/api/directory').map((c) => c.query.toString())
    expect(asked).toEqual(['n=0', 'n=20'])
  })

  it('asks the server with the word once typing pauses, from the first page', async () => {
    const calls = stub()
    const dialog = open()
    await within(dialog).findByText('45 people')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next page' }))
    await waitFor(() =>
      expect(within(dialog).getByTestId('directory-paging').textContent).toBe('21 - 40 of 45'),
    )
    const box = within(dialog).getByRole('searchbox', { name: /Search by name/ })
    fireEvent.change(box, { target: { value: 'n' } })
    fireEvent.change(box, { target: { value: 'night' } })
    await within(dialog).findByText('1 person')
    expect(names(dialog)).toEqual(['Bruno KeitaNurse · Night shift · Lyon'])
    const asked = callsTo(calls, 'GET', '/api/directory').map((c) => c.query.toString())
    // One question for the word typed, none for the letter before it.
    expect(asked).toEqual(['n=0', 'n=20', 'q=night&n=0'])
  })

  it('says nobody matches a word that finds nobody, in French too', async () => {
    stub()
    const dialog = open(actionsMock(), [], 'fr')
    await within(dialog).findByText('45 personnes')
    const box = within(dialog).getByRole('searchbox')
    fireEvent.change(box, { target: { value: 'zzz' } })
    expect((await within(dialog).findByText(/Personne ne correspond/)).textContent).toBe(
      'Personne ne correspond à « zzz ».',
    )
  })
})

describe("a person's card", () => {
  it('shows their large initials, title, team, site and phone, and closes on Escape', async () => {
    stub()
    open()
    const card = await openCard('Bruno Keita')
    expect(card.querySelector('[data-initials="BK"]')?.className).toContain('avatar--large')
    expect(within(card).getByText('Nurse')).toBeTruthy()
    expect(within(card).getByText('Night shift')).toBeTruthy()
    expect(within(card).getByText('Lyon')).toBeTruthy()
    expect(within(card).getByTestId('person-phone').textContent).toBe('+33 6 12 00 00 02')
    expect(within(card).getByRole('button', { name: 'Post to Bruno Keita' })).toBeTruthy()
    fireEvent.keyDown(card, { key: 'Escape' })
    expect(screen.queryByRole('dialog', { name: 'Bruno Keita' })).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Directory' })).toBeTruthy()
  })

  it('has no actions on their own card', async () => {
    stubAdminApi((call) =>
      call.path === '/api/directory'
        ? jsonResponse({ total: 1, items: [person(1, { phone: viewer, name: 'Chloé Me' })] })
        : undefined,
    )
    open()
    const card = await openCard('Chloé Me')
    expect(within(card).queryByRole('button', { name: /Post to/ })).toBeNull()
    expect(within(card).queryByRole('button', { name: 'Add to a folder' })).toBeNull()
  })

  it("'Post to' saves a new person under their own name, then addresses the composer to them", async () => {
    stub()
    const actions = actionsMock()
    open(actions)
    const card = await openCard('Bruno Keita')
    fireEvent.click(within(card).getByRole('button', { name: 'Post to Bruno Keita' }))
    await waitFor(() => expect(actions.post).toHaveBeenCalledTimes(1))
    expect(actions.saveContact).toHaveBeenCalledWith({ name: 'Bruno Keita', phone: '+33612000002' })
    expect(actions.post).toHaveBeenCalledWith({
      name: 'Bruno Keita',
      phone: '33612000002',
      status: '1',
    })
  })

  it("'Post to' keeps a contact's private name and saves nothing", async () => {
    stub([{ name: 'Bruno (night)', phone: bruno.phone }])
    const actions = actionsMock()
    open(actions)
    const card = await openCard('Bruno Keita')
    fireEvent.click(within(card).getByRole('button', { name: 'Post to Bruno Keita' }))
    await waitFor(() => expect(actions.post).toHaveBeenCalledTimes(1))
    expect(actions.saveContact).not.toHaveBeenCalled()
    expect(actions.post).toHaveBeenCalledWith({
      name: 'Bruno (night)',
      phone: bruno.phone,
      status: '1',
    })
  })

  it("'Add to a folder' saves them, adds them to the folder chosen and says so", async () => {
    stub()
    const actions = actionsMock()
    const night = folder(1, { nomGroup: 'Night team' })
    const board = folder(2, {
      nomGroup: 'Board',
      participants: [{ name: 'B', phone: bruno.phone }],
    })
    open(actions, [night, board, folder(3, { nomGroup: 'Lyon' })])
    const card = await openCard('Bruno Keita')
    fireEvent.click(within(card).getByRole('button', { name: 'Add to a folder' }))
    const select = within(card).getByRole('combobox', { name: 'Folder' })
    // A folder they are in already is not offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Night team', 'Lyon'])
    fireEvent.change(select, { target: { value: 'g3' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Add' }))
    expect((await within(card).findByRole('status')).textContent).toBe(
      'Bruno Keita was added to Lyon.',
    )
    expect(actions.saveContact).toHaveBeenCalledWith({ name: 'Bruno Keita', phone: '+33612000002' })
    expect(actions.addMembers).toHaveBeenCalledWith(expect.objectContaining({ idGroup: 'g3' }), [
      { name: 'Bruno Keita', phone: bruno.phone, status: '1' },
    ])
  })

  it("shows the server's refusal to add them", async () => {
    stub([{ name: 'Bruno Keita', phone: bruno.phone }])
    const actions = actionsMock()
    actions.addMembers.mockRejectedValue(new Error('You may not reach this person.'))
    open(actions)
    const card = await openCard('Bruno Keita')
    fireEvent.click(within(card).getByRole('button', { name: 'Add to a folder' }))
    fireEvent.click(within(card).getByRole('button', { name: 'Add' }))
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'You may not reach this person.',
    )
    expect(within(card).queryByRole('status')).toBeNull()
  })

  it('shows why the repertoire could not be read, and posts nothing', async () => {
    stubAdminApi((call) => {
      if (call.path === '/api/directory') return directory(call)
      return failure(503, 'unavailable', 'The database is unavailable.')
    })
    const actions = actionsMock()
    open(actions)
    const card = await openCard('Bruno Keita')
    fireEvent.click(within(card).getByRole('button', { name: 'Post to Bruno Keita' }))
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'The database is unavailable.',
    )
    expect(actions.post).not.toHaveBeenCalled()
  })
})
