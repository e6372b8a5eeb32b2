import type { UserProfile } from '@palabre/contracts'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '../../test/render-route'
import { readerPath } from '../../lib/paths'
import { failure, fileItem, jsonResponse, profile, stubApi } from './test-support'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** GET /api/auth/me answers the profile with its role, or 401. */
const session = (me: UserProfile | null) => (url: string) =>
  url === '/api/auth/me'
    ? me
      ? jsonResponse({ ...me, role: 'member' })
      : failure(401)
    : failure(404)

/** jsdom has no media queries: the wall under the reader asks whether it is on a phone. */
const desktopScreen = () =>
  vi.stubGlobal('matchMedia', (query: string): Partial<MediaQueryList> => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))

describe('the reader route', () => {
  it('shows the reader over the wall at its address, behind the session guard', async () => {
    desktopScreen()
    stubApi([fileItem('plan___p1.dwg')], session(profile))
    const { container } = renderRoute(readerPath('plan___p1.dwg', 'p1'))
    expect(await screen.findByRole('heading', { level: 1, name: 'plan.dwg' })).toBeTruthy()
    expect(await screen.findByText('Alice Martin')).toBeTruthy()
    // The wall stays under it, with its socket.
    expect(container.querySelector('.wall')).not.toBeNull()
  })

  it('sends a visitor without a session to the landing page', async () => {
    stubApi([], session(null))
    const { router } = renderRoute(readerPath('plan___p1.dwg', 'p1'))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/landing-page'))
  })
})
