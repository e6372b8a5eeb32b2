import type { UserProfile } from '@palabre/contracts'
import { screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { Language } from '../../../i18n'
import { renderWith, source } from '../lists/test-support'
import { profile } from '../queries/wall.test-support'
import { DesktopSide } from './desktop-side'
import { ExportLink } from './export-link'
import { MobileFilters } from './mobile-shell'

// 'Export my data' beside log-out, for everyone (docs/export.md, "From the web app").

const me = { ...profile, role: 'member' } as UserProfile

const lists = {
  folders: [],
  contacts: source([]),
  scope: { kind: 'general' } as const,
  onFolder: () => undefined,
  onContact: () => undefined,
  onContactInfo: () => undefined,
  onCreateFolder: () => undefined,
  onCreateContact: () => undefined,
  onDirectory: () => undefined,
}

const inRouter = (ui: ReactNode, language: Language = 'en') =>
  renderWith(<MemoryRouter>{ui}</MemoryRouter>, language)

describe("the wall's export link", () => {
  it('is a plain download of GET /api/export, for the browser to fetch', () => {
    inRouter(<ExportLink />)
    const link = screen.getByRole('link', { name: 'Export my data' })
    expect(link.getAttribute('href')).toBe('/api/export?lang=en')
    expect(link.hasAttribute('download')).toBe(true)
  })

  it('sits beside log-out in the left column', () => {
    inRouter(
      <DesktopSide
        {...lists}
        profile={me}
        onNewMessage={() => undefined}
        onLogout={() => undefined}
      />,
    )
    const menu = screen.getByRole('button', { name: 'Log out' }).parentElement as HTMLElement
    expect(within(menu).getByRole('link', { name: 'Export my data' })).toBeTruthy()
  })

  it("is at the foot of the phone's panel", () => {
    inRouter(<MobileFilters {...lists} open profile={me} />)
    const panel = screen.getByRole('navigation', { name: 'Folders and contacts' })
    expect(within(panel).getByRole('link', { name: 'Export my data' })).toBeTruthy()
  })

  it('reads in French, and asks for the export in French', () => {
    inRouter(<ExportLink />, 'fr')
    const link = screen.getByRole('link', { name: 'Exporter mes données' })
    expect(link.getAttribute('href')).toBe('/api/export?lang=fr')
  })
})
