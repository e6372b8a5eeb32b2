import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { filterFolders, FolderList } from './folder-list'
import { FolderNamesProvider } from './folder-names'
import { folder, folders, mockListHeight, renderWith } from './test-support'
import { rowHeight } from './virtual-list'

const rows = () => screen.queryAllByTestId('folder-item')

describe('FolderList', () => {
  beforeEach(() => {
    mockListHeight()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('draws only the rows in view of a thousand folders, and scrolls to the last', () => {
    renderWith(<FolderList folders={folders(1000)} variant="menu" label="Folders" />)
    const list = screen.getByRole('list', { name: 'Folders' })
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(30)
    expect(rows()[0]?.getAttribute('data-group-id')).toBe('g0')
    const scroller = list.parentElement as HTMLElement
    scroller.scrollTop = 1000 * rowHeight - 416
    fireEvent.scroll(scroller)
    expect(rows().at(-1)?.getAttribute('data-group-id')).toBe('g999')
  })

  it('filters on a substring of the name, case and accents aside; spaces are no search', () => {
    const all = [folder(1, { nomGroup: 'Alpha team' }), folder(2, { nomGroup: 'Bêta' })]
    expect(filterFolders(all, 'ALP').map((group) => group.idGroup)).toEqual(['g1'])
    expect(filterFolders(all, 'beta').map((group) => group.idGroup)).toEqual(['g2'])
    expect(filterFolders(all, '   ')).toBe(all)
    expect(filterFolders(all, 'a.')).toEqual([])
    renderWith(<FolderList folders={all} word="bet" variant="menu" label="Folders" />)
    expect(rows().map((row) => row.getAttribute('data-group-id'))).toEqual(['g2'])
  })

  it("finds an unnamed folder by its people's names, and shows them but the viewer", () => {
    const viewer = '33600000009'
    const unnamed = folder(3, {
      noName: '1',
      nomGroup: 'Me,Zoé Lambert,Bruno,Chloé',
      participants: [
        { phone: viewer, name: 'Me' },
        { phone: '1', name: 'Zoé Lambert' },
        { phone: '2', name: 'Bruno' },
        { phone: '3', name: 'Chloé' },
      ],
    })
    renderWith(
      <FolderNamesProvider value={{ viewerPhone: viewer, folders: [unnamed] }}>
        <FolderList folders={[folder(1), unnamed]} word="zoe" variant="menu" label="Folders" />
      </FolderNamesProvider>,
    )
    const row = rows()
    expect(row.map((r) => r.getAttribute('data-group-id'))).toEqual(['g3'])
    const button = within(row[0]!).getByRole('button', { name: 'Zoé Lambert, Bruno, Chloé' })
    expect(button.querySelector('[title]')?.getAttribute('title')).toBe('Zoé Lambert, Bruno, Chloé')
    expect(button.querySelector('[aria-hidden="true"]:not(svg)')?.textContent).toBe(
      'Zoé Lambert, Bruno + 1',
    )
  })

  it('invites a first folder when there is none and nothing is searched', () => {
    const invite = <button type="button">Create your first folder</button>
    const { unmount } = renderWith(
      <FolderList folders={[]} variant="menu" label="Folders" noFolders={invite} />,
    )
    expect(screen.getByRole('button', { name: 'Create your first folder' })).toBeTruthy()
    unmount()
    renderWith(
      <FolderList folders={[]} word="x" variant="menu" label="Folders" noFolders={invite} />,
    )
    expect(screen.queryByRole('button', { name: 'Create your first folder' })).toBeNull()
    expect(screen.getByText('Nothing found')).toBeTruthy()
  })

  it('shows the folder icon and the unread badge only when something is unread', () => {
    const onOpen = vi.fn()
    const all = [folder(1, { nbrNotifNonLu: 3 }), folder(2), folder(3, { nbrNotifNonLu: 250 })]
    renderWith(
      <FolderList folders={all} variant="menu" label="Folders" onOpen={onOpen} activeId="g2" />,
    )
    const [first, second, third] = rows()
    expect(first!.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    const badge = within(first!).getByTestId('unread-badge')
    expect(within(badge).getByText('3').getAttribute('aria-hidden')).toBe('true')
    expect(within(badge).getByText('3 unread').className).toBe('visually-hidden')
    expect(within(second!).queryByTestId('unread-badge')).toBeNull()
    expect(within(third!).getByText('99+')).toBeTruthy()
    expect(within(second!).getByRole('button').getAttribute('aria-current')).toBe('true')
    fireEvent.click(within(first!).getByRole('button', { name: /Folder 1/ }))
    expect(onOpen).toHaveBeenCalledWith(all[0])
  })

  it('offers checkboxes for picking folders', () => {
    const onToggle = vi.fn()
    const all = folders(3)
    renderWith(
      <FolderList
        folders={all}
        variant="checkbox"
        label="Folders"
        selected={new Set(['g1'])}
        onToggle={onToggle}
      />,
    )
    expect((screen.getByRole('checkbox', { name: 'Folder 1' }) as HTMLInputElement).checked).toBe(
      true,
    )
    fireEvent.click(screen.getByRole('checkbox', { name: 'Folder 2' }))
    expect(onToggle).toHaveBeenCalledWith(all[2])
  })

  it('speaks French', () => {
    renderWith(
      <FolderList folders={[folder(1, { nbrNotifNonLu: 2 })]} variant="menu" label="Dossiers" />,
      'fr',
    )
    expect(screen.getByText('2 non lu(s)')).toBeTruthy()
  })
})
