import type { AnnouncementReport } from '@palabre/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockListHeight, renderWith } from '../lists/test-support'
import { panelRowHeight } from '../report-panel/report-panel'
import { ConfirmationsPanel } from './confirmations-panel'

/**
 * The panel of an announcement's confirmations (docs/wall.md, "Report panels"): the pending
 * first, a search by name or phone with case and accents aside, only the rows in view drawn,
 * Escape closing it and the focus back on its opener.
 */

const at = (minute: number) => new Date(2024, 2, 5, 10, minute).toISOString()
const phoneOf = (index: number) => String(33_600_000_000 + index)

/** The panel behind the button that opens it, as the header's line has it. */
const Opener = ({ report }: { report: AnnouncementReport }) => {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ConfirmationsPanel id="a1" report={report} open={open} onClose={() => setOpen(false)} />
    </>
  )
}

const openPanel = (report: AnnouncementReport, language: 'en' | 'fr' = 'en') => {
  renderWith(<Opener report={report} />, language)
  fireEvent.click(screen.getByRole('button', { name: 'Open' }))
  return screen.getByRole('dialog', { name: 'Confirmations' })
}

/** The lines drawn, in order: each one's text. */
const lines = (panel: HTMLElement) =>
  within(within(panel).getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

const small: AnnouncementReport = {
  total: 4,
  confirmed: [
    { phone: phoneOf(1), name: 'Alice Roy', at: at(0) },
    { phone: phoneOf(2), name: 'Hélène Dupré', at: at(5) },
  ],
  pending: [
    { phone: phoneOf(3), name: 'Bob Keita' },
    { phone: phoneOf(4), name: 'Helene Martin' },
  ],
}

beforeEach(() => {
  mockListHeight()
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('the panel of who confirmed an announcement', () => {
  it('lists who has not confirmed first, then who has, each under its heading', () => {
    const panel = openPanel(small)
    expect(lines(panel)).toEqual([
      'Not confirmed yet (2)',
      `Bob Keita+${phoneOf(3)}`,
      `Helene Martin+${phoneOf(4)}`,
      'Confirmed (2)',
      `Alice Roy+${phoneOf(1)}5 Mar 2024 at 10:00`,
      `Hélène Dupré+${phoneOf(2)}5 Mar 2024 at 10:05`,
    ])
    expect(within(panel).getByRole('status').textContent).toBe('4 people listed')
    expect(within(panel).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/admin/announcements/a1/confirmations.csv',
    )
  })

  it('searches by name, case and accents aside, and by phone, typed nationally too', async () => {
    const panel = openPanel(small)
    const search = within(panel).getByRole('searchbox', { name: 'Search by name or phone' })

    await userEvent.type(search, 'HELENE')
    await waitFor(() =>
      expect(lines(panel)).toEqual([
        'Not confirmed yet (1)',
        `Helene Martin+${phoneOf(4)}`,
        'Confirmed (1)',
        `Hélène Dupré+${phoneOf(2)}5 Mar 2024 at 10:05`,
      ]),
    )
    expect(within(panel).getByRole('status').textContent).toBe('2 people listed')

    await userEvent.clear(search)
    await userEvent.type(search, 'dupre')
    await waitFor(() =>
      expect(lines(panel)).toEqual([
        'Confirmed (1)',
        `Hélène Dupré+${phoneOf(2)}5 Mar 2024 at 10:05`,
      ]),
    )

    // 06 00 00 00 03 is +33 6 00 00 00 03.
    await userEvent.clear(search)
    await userEvent.type(search, '06 00 00 00 03')
    await waitFor(() =>
      expect(lines(panel)).toEqual(['Not confirmed yet (1)', `Bob Keita+${phoneOf(3)}`]),
    )

    await userEvent.clear(search)
    await userEvent.type(search, 'zoé')
    await waitFor(() => expect(within(panel).queryByRole('listitem')).toBeNull())
    expect(within(panel).getByRole('status').textContent).toBe('Nobody matches this search.')
  })

  it('draws only the rows in view of 5,000, and the last once scrolled to the bottom', async () => {
    const report: AnnouncementReport = {
      total: 5000,
      confirmed: Array.from({ length: 2000 }, (_, i) => ({
        phone: phoneOf(i),
        name: `Confirmed ${i}`,
        at: at(0),
      })),
      pending: Array.from({ length: 3000 }, (_, i) => ({
        phone: phoneOf(2000 + i),
        name: `Pending ${i}`,
      })),
    }
    const panel = openPanel(report)
    const drawn = () => within(panel).getAllByRole('listitem')
    expect(drawn().length).toBeGreaterThanOrEqual(8)
    expect(drawn().length).toBeLessThan(40)
    expect(drawn()[0]?.textContent).toBe('Not confirmed yet (3000)')
    expect(drawn()[1]?.dataset.phone).toBe(phoneOf(2000))
    expect(within(panel).getByRole('status').textContent).toBe('5000 people listed')

    // Two headings and 5,000 people, all of one height.
    const scroller = within(panel).getByTestId('report-panel-scroll')
    scroller.scrollTop = 5002 * panelRowHeight - 416
    fireEvent.scroll(scroller)
    await waitFor(() => expect(drawn().at(-1)?.dataset.phone).toBe(phoneOf(1999)))
    expect(drawn().length).toBeLessThan(40)
  })

  it('closes with Escape and gives the focus back to its opener; in French too', async () => {
    renderWith(<Opener report={small} />, 'fr')
    const opener = screen.getByRole('button', { name: 'Open' })
    opener.focus()
    await userEvent.click(opener)
    const panel = screen.getByRole('dialog', { name: 'Confirmations' })
    expect(lines(panel)[0]).toBe("N'ont pas encore confirmé (2)")
    expect(within(panel).getByRole('searchbox', { name: 'Rechercher par nom ou téléphone' }))
    expect(within(panel).getByRole('status').textContent).toBe('4 personnes listées')

    // jsdom has no showModal, which moves the focus into the dialog: the test does.
    await userEvent.click(within(panel).getByRole('searchbox'))
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })
})
