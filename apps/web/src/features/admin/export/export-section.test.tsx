import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../../../test/render-route'
import { jsonResponse, stubAdminApi } from '../test-support'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the organisation's export (docs/export.md)", () => {
  it('is a section of its own in the navigation, a plain download', async () => {
    stubAdminApi()
    const { router } = renderRoute('/admin')
    const nav = await screen.findByRole('navigation', { name: 'Sections of the console' })
    await userEvent.click(within(nav).getByRole('link', { name: 'Export the organisation' }))
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Export the organisation' }),
    ).toBeTruthy()
    expect(router.state.location.search).toBe('?tab=export')
    const link = screen.getByRole('link', { name: 'Download the export' })
    expect(link.getAttribute('href')).toBe('/api/admin/export?lang=en')
    expect(link.hasAttribute('download')).toBe(true)
  })

  it('is no longer under the sign-up settings', async () => {
    stubAdminApi((call) =>
      call.method === 'GET' && call.path === '/api/admin/settings'
        ? jsonResponse({ signupMode: 'open', allowedEmailDomains: [], savedAt: null })
        : undefined,
    )
    renderRoute('/admin?tab=settings')
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Download the export' })).toBeNull()
    expect(screen.queryByText(/Everything as one zip/)).toBeNull()
  })

  it('speaks French when the screen does', async () => {
    stubAdminApi()
    renderRoute('/admin?tab=export', { language: 'fr' })
    expect(
      await screen.findByRole('heading', { level: 2, name: "Exporter l'organisation" }),
    ).toBeTruthy()
    // The pages of the export in the screen's language (docs/export.md, "index.html").
    const link = screen.getByRole('link', { name: "Télécharger l'export" })
    expect(link.getAttribute('href')).toBe('/api/admin/export?lang=fr')
  })
})
