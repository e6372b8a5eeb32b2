import type { Viewer } from '@palabre/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockListHeight, renderWith } from '../lists/test-support'
import { panelRowHeight } from '../report-panel/report-panel'
import { viewerRow } from './test-support'
import { useMediaTexts } from './use-media-texts'
import { ViewsTable } from './video-views'

/**
 * The panel of who watched a video (docs/wall.md, "Proof of viewing" and "Report panels"):
 * those who have not watched it first, a search by name or phone with case and accents aside,
 * only the rows in view drawn, Escape closing it and the focus back on 'Who watched'.
 */

const phoneOf = (index: number) => String(33_600_000_000 + index)
const done = new Date(2024, 4, 1, 10, 30).toISOString()

const Table = ({ rows }: { rows: Viewer[] }) => {
  useMediaTexts()
  return <ViewsTable name="clip___v1.mp4" shown="clip.mp4" rows={rows} />
}

const openPanel = async (rows: Viewer[]) => {
  renderWith(<Table rows={rows} />)
  await userEvent.click(screen.getByRole('button', { name: 'Who watched' }))
  const panel = screen.getByRole('dialog', { name: 'Who watched clip.mp4' })
  return { panel, table: within(panel).getByRole('table', { name: 'Who watched clip.mp4' }) }
}

/** The phones of the table's rows drawn, in order (its header row left out). */
const phones = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.dataset.phone)

const rows: Viewer[] = [
  viewerRow(phoneOf(1), 'Ann Martin', { watchedFraction: 1, completedAt: done }),
  viewerRow(phoneOf(2), 'Bob Keita', { watchedFraction: 0.4 }),
  viewerRow(phoneOf(3), 'Élodie Roy', { watchedFraction: 0.95, completedAt: done }),
  viewerRow(phoneOf(4), 'Zoe Élan'),
]

beforeEach(() => {
  mockListHeight()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('the panel of who watched a video', () => {
  it('lists who has not watched it first, each group in the order it came', async () => {
    const { table } = await openPanel(rows)
    expect(phones(table)).toEqual([phoneOf(2), phoneOf(4), phoneOf(1), phoneOf(3)])
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe(`Bob Keita+${phoneOf(2)}40%`)
  })

  it('searches by name, case and accents aside, and by phone', async () => {
    const { panel, table } = await openPanel(rows)
    const search = within(panel).getByRole('searchbox', { name: 'Search by name or phone' })
    await userEvent.type(search, 'ELODIE')
    await waitFor(() => expect(phones(table)).toEqual([phoneOf(3)]))
    await userEvent.clear(search)
    await userEvent.type(search, 'élan')
    await waitFor(() => expect(phones(table)).toEqual([phoneOf(4)]))
    await userEvent.clear(search)
    await userEvent.type(search, `+${phoneOf(2)}`)
    await waitFor(() => expect(phones(table)).toEqual([phoneOf(2)]))
    expect(within(panel).getByRole('status').textContent).toBe('1 person listed')
  })

  it('draws only the rows in view of 5,000, and the last once scrolled to the bottom', async () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      viewerRow(
        phoneOf(i),
        `Viewer ${i}`,
        i % 2 === 0 ? { watchedFraction: 1, completedAt: done } : {},
      ),
    )
    const { panel, table } = await openPanel(many)
    expect(phones(table).length).toBeGreaterThanOrEqual(8)
    expect(phones(table).length).toBeLessThan(40)
    // The odd ones have not watched it: they come first.
    expect(phones(table)[0]).toBe(phoneOf(1))
    expect(table.getAttribute('aria-rowcount')).toBe('5001')

    const scroller = within(panel).getByTestId('report-panel-scroll')
    scroller.scrollTop = 5000 * panelRowHeight - 416
    fireEvent.scroll(scroller)
    await waitFor(() => expect(phones(table).at(-1)).toBe(phoneOf(4998)))
    expect(phones(table).length).toBeLessThan(40)
  })

  it("closes with Escape and gives the focus back to 'Who watched'", async () => {
    const { panel } = await openPanel(rows)
    // jsdom has no showModal, which moves the focus into the dialog: the test does.
    await userEvent.click(within(panel).getByRole('searchbox'))
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Who watched' }))
  })
})
