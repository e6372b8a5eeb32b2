import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ContactList } from './contact-list'
import { contact, contacts, mockListHeight, renderWith, source } from './test-support'
import { rowHeight } from './virtual-list'

const rows = () => screen.queryAllByTestId('contact-item')

describe('ContactList', () => {
  beforeEach(() => {
    mockListHeight()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('draws only the rows in view of a thousand contacts', () => {
    renderWith(<ContactList source={source(contacts(1000))} variant="menu" label="Contacts" />)
    const list = screen.getByRole('list', { name: 'Contacts' })
    const drawn = within(list).getAllByRole('listitem')
    expect(drawn.length).toBeGreaterThanOrEqual(8)
    expect(drawn.length).toBeLessThan(30)
    expect(rows()[0]?.getAttribute('data-phone')).toBe('33600000000')
    expect(drawn[0]?.getAttribute('aria-posinset')).toBe('1')
    expect(drawn[0]?.getAttribute('aria-setsize')).toBe('1000')
  })

  it("opens a contact's posts from its row and its card from the info button beside it", () => {
    const onOpen = vi.fn()
    const onInfo = vi.fn()
    const awa = contact(1, { name: 'Awa' })
    renderWith(
      <ContactList
        source={source([awa])}
        variant="menu"
        label="Contacts"
        onOpen={onOpen}
        onInfo={onInfo}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'About Awa' }))
    expect(onInfo).toHaveBeenCalledWith(awa)
    expect(onOpen).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: /^Awa/ }))
    expect(onOpen).toHaveBeenCalledWith(awa)
  })

  it('asks for the next page once scrolled to the bottom, not before', async () => {
    const loadMore = vi.fn()
    renderWith(
      <ContactList
        source={source(contacts(1000), { hasMore: true, loadMore })}
        variant="menu"
        label="Contacts"
      />,
    )
    expect(loadMore).not.toHaveBeenCalled()
    const scroller = screen.getByRole('list', { name: 'Contacts' }).parentElement as HTMLElement
    scroller.scrollTop = 1000 * rowHeight - 416
    fireEvent.scroll(scroller)
    await waitFor(() => expect(loadMore).toHaveBeenCalledTimes(1))
    expect(rows().at(-1)?.getAttribute('data-phone')).toBe(String(33600000000 + 999))
  })

  it('does not ask again while a page is loading, nor when nothing more follows', () => {
    const loadMore = vi.fn()
    const { rerender } = renderWith(
      <ContactList
        source={source(contacts(3), { hasMore: true, isLoading: true, loadMore })}
        variant="menu"
        label="Contacts"
      />,
    )
    expect(loadMore).not.toHaveBeenCalled()
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    rerender(
      <ContactList source={source(contacts(3), { loadMore })} variant="menu" label="Contacts" />,
    )
    expect(loadMore).not.toHaveBeenCalled()
  })

  it('opens a contact from the menu and marks the unregistered ones', () => {
    const onOpen = vi.fn()
    const items = [contact(1), contact(2, { status: '0' }), contact(3, { status: undefined })]
    renderWith(
      <ContactList
        source={source(items)}
        variant="menu"
        label="Contacts"
        onOpen={onOpen}
        activePhone={items[0]?.phone}
      />,
    )
    const [first, second, third] = rows()
    expect(within(first!).queryByText('non inscris')).toBeNull()
    expect(within(second!).getByText('non inscris')).toBeTruthy()
    expect(within(third!).getByText('non inscris')).toBeTruthy()
    expect(within(first!).getByText('+33600000001')).toBeTruthy()
    const button = within(first!).getByRole('button', { name: /Contact 1/ })
    expect(button.getAttribute('aria-current')).toBe('true')
    fireEvent.click(within(second!).getByRole('button'))
    expect(onOpen).toHaveBeenCalledWith(items[1])
  })

  it('offers checkboxes, keeps the selection and leaves out excluded phones', () => {
    const onToggle = vi.fn()
    const items = contacts(4)
    renderWith(
      <ContactList
        source={source(items)}
        variant="checkbox"
        label="Pick"
        selected={new Set([items[1]!.phone])}
        exclude={new Set([items[0]!.phone])}
        onToggle={onToggle}
      />,
    )
    expect(rows().map((row) => row.getAttribute('data-phone'))).toEqual(
      items.slice(1).map((item) => item.phone),
    )
    const picked = screen.getByRole('checkbox', { name: /Contact 1/ }) as HTMLInputElement
    expect(picked.checked).toBe(true)
    fireEvent.click(screen.getByRole('checkbox', { name: /Contact 2/ }))
    expect(onToggle).toHaveBeenCalledWith(items[2])
  })

  it('asks for the next page when every loaded contact is excluded', () => {
    const loadMore = vi.fn()
    const items = contacts(2)
    renderWith(
      <ContactList
        source={source(items, { hasMore: true, loadMore })}
        variant="checkbox"
        label="Pick"
        exclude={new Set(items.map((item) => item.phone))}
      />,
    )
    expect(loadMore).toHaveBeenCalledTimes(1)
  })

  it('invites a first contact when there is none and nothing is searched', () => {
    const invite = <button type="button">Add your first contact</button>
    const { unmount } = renderWith(
      <ContactList source={source([])} variant="menu" label="Contacts" noContacts={invite} />,
    )
    expect(screen.getByRole('button', { name: 'Add your first contact' })).toBeTruthy()
    expect(screen.queryByText('Nothing found')).toBeNull()
    unmount()
    renderWith(
      <ContactList
        source={source([], { word: 'zoe' })}
        variant="menu"
        label="Contacts"
        noContacts={invite}
      />,
    )
    expect(screen.queryByRole('button', { name: 'Add your first contact' })).toBeNull()
    expect(screen.getByText('Nothing found')).toBeTruthy()
  })

  it('speaks French', () => {
    renderWith(
      <ContactList
        source={source([contact(1, { status: '0' })], { isLoading: true })}
        variant="menu"
        label="Contacts"
      />,
      'fr',
    )
    expect(screen.getByText('non inscris')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Chargement…')
  })
})

// A contact an administrator deactivated is marked in the lists and the pickers (docs/wall.md,
// "Deactivated people").
describe('ContactList: deactivated contacts', () => {
  beforeEach(() => {
    mockListHeight()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const gone = contact(1, { name: 'Awa', deactivated: true })
  const here = contact(2, { name: 'Bruno' })

  it('marks a deactivated contact in the left column: muted name, a badge read with it', () => {
    renderWith(<ContactList source={source([gone, here])} variant="menu" label="Contacts" />)
    const [awa, bruno] = rows()
    const open = within(awa!).getByRole('button', { name: /^Awa/ })
    // Screen readers read the mark with the name.
    expect(open.textContent).toContain('deactivated')
    expect(within(awa!).getByText('Awa').className).toContain('deactivated-name')
    expect(within(awa!).getByText('deactivated').getAttribute('title')).toBe(
      'An administrator deactivated this account',
    )
    expect(within(bruno!).queryByText('deactivated')).toBeNull()
    expect(within(bruno!).getByText('Bruno').className).not.toContain('deactivated-name')
  })

  it('marks it in a picker, in French', () => {
    renderWith(<ContactList source={source([gone])} variant="checkbox" label="Contacts" />, 'fr')
    const box = screen.getByRole('checkbox', { name: /Awa/ })
    expect(box.closest('label')?.textContent).toContain('désactivé')
  })
})
