import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { filterFolders, FolderList } from './folder-list'
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

  it('filters on a case-insensitive substring of the name; spaces are no search', () => {
    const all = [folder(1, { nomGroup: 'Alpha team' }), folder(2, { nomGroup: 'Beta' })]
    expect(filterFolders(all, 'ALP').map((group) => group.idGroup)).toEqual(['g1'])
    expect(filterFolders(all, '   ')).toBe(all)
    expect(filterFolders(all, 'a.')).toEqual([])
    renderWith(<FolderList folders={all} word="bet" variant="menu" label="Folders" />)
    expect(rows().map((row) => row.getAttribute('data-group-id'))).toEqual(['g2'])
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
