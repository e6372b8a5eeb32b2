import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pageModulesOf } from '../../page-modules'
import { renderRoute } from '../../test/render-route'
import { adminMe, member, pageOf, selfMember, stubAdminApi } from './test-support'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the console at /admin (docs/organisation.md, "The console")', () => {
  it('gives a member the 404 page, and asks nothing of the admin calls', async () => {
    const calls = stubAdminApi(undefined, { ...adminMe, role: 'member' })
    const { router } = renderRoute('/admin')
    expect(await screen.findByRole('heading', { name: 'Error 404' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/not-found')
    expect(calls.filter((call) => call.path.startsWith('/api/admin/'))).toEqual([])
  })

  it('sends a visitor without a session to the landing page', async () => {
    stubAdminApi()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'No.' } }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    )
    const { router } = renderRoute('/admin')
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/landing-page'))
  })

  it('gives an administrator the sections, the members first, and a way back to the wall', async () => {
    stubAdminApi((call) =>
      call.path === '/api/admin/members' ? pageOf([selfMember(), member()], call) : undefined,
    )
    renderRoute('/admin')
    expect(await screen.findByRole('heading', { level: 1, name: 'Administration' })).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Sections of the console' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'Members',
      'Invitations',
      'Announcements',
      'Sign-up settings',
      'Export the organisation',
      'Audit trail',
    ])
    expect(within(nav).getByRole('link', { name: 'Members' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Members' })).toBeTruthy()
    expect(await screen.findByRole('rowheader', { name: 'Jane Doe' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the wall' }).getAttribute('href')).toBe(
      '/wall',
    )
    await waitFor(() => expect(document.title).toBe('Administration · Palabre'))
  })

  it('keeps the section in the address: a link opens it, the address reopens it', async () => {
    stubAdminApi()
    const { router } = renderRoute('/admin?tab=settings')
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign-up settings' })).toBeTruthy()
    await userEvent.click(screen.getByRole('link', { name: 'Invitations' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Invitations' })).toBeTruthy()
    expect(router.state.location.search).toBe('?tab=invitations')
    expect(screen.getByRole('link', { name: 'Invitations' }).getAttribute('aria-current')).toBe(
      'page',
    )
    await userEvent.click(screen.getByRole('link', { name: 'Audit trail' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit trail' })).toBeTruthy()
    expect(router.state.location.search).toBe('?tab=audit')
  })

  it('speaks French when the screen does', async () => {
    stubAdminApi((call) =>
      call.path === '/api/admin/members' ? pageOf([selfMember(), member()], call) : undefined,
    )
    renderRoute('/admin', { language: 'fr' })
    expect(await screen.findByRole('link', { name: 'Retour au mur' })).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Rubriques de la console' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Membres',
      'Invitations',
      'Annonces',
      "Réglages d'inscription",
      "Exporter l'organisation",
      "Journal d'audit",
    ])
    expect(await screen.findByRole('columnheader', { name: 'Dernière visite' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Désactiver Jane Doe' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Nommer Jane Doe administrateur' })).toBeTruthy()
    expect(screen.getAllByText('Jamais')).toHaveLength(2)
    expect(screen.getByText('Administrateur fixé par la configuration du serveur')).toBeTruthy()
    // Dates in the screen's language.
    expect(screen.getAllByText('5 mars 2026 à 14:07').length).toBeGreaterThan(0)
    expect(screen.getByText('1–2 sur 2')).toBeTruthy()
  })

  it('is a page of its own, fetched first when the browser opens /admin', () => {
    expect(pageModulesOf('/admin')).toEqual(['queryClient', 'requireSession', 'adminPage'])
  })
})
