import type { Role, UserProfile } from '@palabre/contracts'
import { screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Language } from '../../../i18n'
import { renderWith, source } from '../lists/test-support'
import { useRole } from '../queries/use-role'
import { jsonResponse, profile, stubFetch } from '../queries/wall.test-support'
import { DesktopSide } from './desktop-side'
import { MobileFilters } from './mobile-shell'

// 'Administration' beside log-out, for administrators only (docs/wall.md, "Layout").

afterEach(() => {
  vi.unstubAllGlobals()
})

/** The profile as `GET /api/auth/me` answers it, with the person's role. */
const withRole = (role: Role): UserProfile => ({ ...profile, role }) as UserProfile

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

const desktop = (me: UserProfile, language: Language = 'en', beside?: ReactNode) =>
  inRouter(
    <>
      <DesktopSide
        {...lists}
        profile={me}
        onNewMessage={() => undefined}
        onLogout={() => undefined}
      />
      {beside}
    </>,
    language,
  )

/** Shows the role once it is known. */
const RoleProbe = ({ me }: { me: UserProfile }) => {
  const role = useRole(me)
  return role === undefined ? null : <p data-testid="role">{role}</p>
}

/** The part of the left column that holds log-out. */
const menu = () => screen.getByRole('button', { name: 'Log out' }).parentElement as HTMLElement

describe("the wall's link to the administrators' console", () => {
  it('is offered to an administrator, beside log-out, and leads to /admin', () => {
    desktop(withRole('admin'))
    const link = within(menu()).getByRole('link', { name: 'Administration' })
    expect(link.getAttribute('href')).toBe('/admin')
  })

  it('is not offered to a member', () => {
    desktop(withRole('member'))
    expect(within(menu()).getByRole('button', { name: 'Log out' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Administration' })).toBeNull()
  })

  it('reads the same in French', () => {
    desktop(withRole('admin'), 'fr')
    const bottom = screen.getByRole('button', { name: 'Se déconnecter' }).parentElement
    if (bottom === null) throw new Error('log-out sits in the menu')
    expect(within(bottom).getByRole('link', { name: 'Administration' })).toBeTruthy()
  })

  it("is in the phone's panel for an administrator, not for a member", () => {
    const { unmount } = inRouter(<MobileFilters {...lists} open profile={withRole('admin')} />)
    expect(screen.getByRole('link', { name: 'Administration' }).getAttribute('href')).toBe('/admin')
    unmount()
    inRouter(<MobileFilters {...lists} open profile={withRole('member')} />)
    expect(screen.getByRole('navigation', { name: 'Folders and contacts' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Administration' })).toBeNull()
  })

  it("asks the server for the role when the session's profile came from the sign-in", async () => {
    const me = stubFetch((url) =>
      url === '/api/auth/me'
        ? jsonResponse({ ...profile, role: 'admin' })
        : jsonResponse({ error: { code: 'not_found', message: 'No.' } }, 404),
    )
    desktop(profile)
    expect(await screen.findByRole('link', { name: 'Administration' })).toBeTruthy()
    expect(me).toHaveBeenCalledWith('/api/auth/me', expect.anything())
  })

  it('shows nothing to a member whose role the server gave after the sign-in', async () => {
    stubFetch(() => jsonResponse({ ...profile, role: 'member' }))
    desktop(profile, 'en', <RoleProbe me={profile} />)
    // The probe reads the same answer, and renders with the menu once it is in.
    expect((await screen.findByTestId('role')).textContent).toBe('member')
    expect(screen.queryByRole('link', { name: 'Administration' })).toBeNull()
  })
})
