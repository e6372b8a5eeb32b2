import { messages, type SessionEndedPayload } from '@palabre/contracts'
import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../app-providers'
import { createI18n, type Language } from '../../i18n'
import { registerWallTexts } from '../../i18n/catalogue/wall'
import { createQueryClient } from '../../lib/query-client'
import type { LiveHandlers } from './live/use-live-wall'
import { initialWallView } from './model/wall-view'
import { announcementPost, carol, profile } from './queries/wall.test-support'
import { toPostView } from './queries/view-models'
import { sessionEndedNotice, useWallLive } from './use-wall-live'

// The socket is not what these tests are about: the wall's handlers are caught as the live
// layer would get them, and called as its events would call them.
const live = vi.hoisted(() => ({ handlers: null as LiveHandlers | null }))
vi.mock('./live/use-live-wall', () => ({
  useLiveWall: (_profile: unknown, handlers: LiveHandlers) => {
    live.handlers = handlers
    return null
  },
}))

afterEach(() => {
  live.handlers = null
  shown.mockReset()
})

const shown = vi.fn<(text: string, tone?: 'info' | 'error') => void>()

const Wall = () => {
  useWallLive({
    profile,
    openPostId: undefined,
    view: initialWallView,
    dispatch: () => undefined,
    setModal: () => undefined,
    show: shown,
  })
  return <p>wall</p>
}

/** Where the sign-in screen was sent, and with which notice. */
const SignIn = () => {
  const state: unknown = useLocation().state
  const notice =
    typeof state === 'object' && state !== null && 'notice' in state ? String(state.notice) : ''
  const tone = typeof state === 'object' && state !== null && 'tone' in state ? state.tone : ''
  return (
    <p data-testid="notice" data-tone={String(tone)}>
      {notice}
    </p>
  )
}

const renderWall = (language: Language = 'en') => {
  const router = createMemoryRouter(
    [
      { path: '/wall', element: <Wall /> },
      { path: '/auth', element: <SignIn /> },
    ],
    { initialEntries: ['/wall'] },
  )
  const client = createQueryClient()
  render(
    <AppProviders queryClient={client} i18n={registerWallTexts(createI18n(language))}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { router, client }
}

/** The handlers the wall gave its socket, once it is on screen. */
const socketHandlers = async (): Promise<LiveHandlers> => {
  await screen.findByText('wall')
  const handlers = live.handlers
  if (handlers === null) throw new Error('the wall listens to its socket')
  return handlers
}

const endSession = async (reason?: SessionEndedPayload['reason']) => {
  const handlers = await socketHandlers()
  act(() => handlers.onSessionEnded(reason))
  return screen.findByTestId('notice')
}

// A session ended elsewhere sends the tab to sign in, saying why (docs/wall.md, "Sessions and
// log-out").
describe('a session the server ended', () => {
  it('returns to sign-in saying the account was deactivated, when it was', async () => {
    const { router } = renderWall()
    const notice = await endSession('deactivated')
    expect(router.state.location.pathname).toBe('/auth')
    expect(notice.textContent).toBe(messages.organisation.deactivated)
    expect(notice.dataset.tone).toBe('error')
  })

  it('returns to sign-in saying the session ended, for any other reason', async () => {
    const { router } = renderWall()
    const notice = await endSession('logout')
    expect(router.state.location.pathname).toBe('/auth')
    expect(notice.textContent).toBe(messages.api.sessionEnded)
    expect(notice.dataset.tone).toBe('success')
  })

  it('says the session ended when a refused handshake gave no reason', async () => {
    renderWall()
    expect((await endSession()).textContent).toBe(messages.api.sessionEnded)
  })

  it('picks the notice by the reason', () => {
    expect(sessionEndedNotice('deactivated')).toBe(messages.organisation.deactivated)
    expect(sessionEndedNotice('password_reset')).toBe(messages.api.sessionEnded)
    expect(sessionEndedNotice('expired')).toBe(messages.api.sessionEnded)
    expect(sessionEndedNotice(undefined)).toBe(messages.api.sessionEnded)
  })
})

// A refused send shows the server's reason in the screen's language (docs/wall.md, "Sending").
describe('a post refused because its recipients are deactivated', () => {
  it("shows the server's reason as an error notice", async () => {
    renderWall()
    const handlers = await socketHandlers()
    act(() => handlers.onRefused(messages.organisation.recipientsDeactivated))
    expect(shown).toHaveBeenCalledWith(messages.organisation.recipientsDeactivated, 'error')
  })

  it('shows it in French', async () => {
    renderWall('fr')
    const handlers = await socketHandlers()
    act(() => handlers.onRefused(messages.organisation.recipientsDeactivated))
    expect(shown).toHaveBeenCalledWith(
      'Toutes les personnes à qui ce message est adressé ont été désactivées : il ne parviendrait à personne.',
      'error',
    )
  })
})

// An announcement's author reminds the person of it (docs/wall.md, "Announcements").
describe('a reminder of an announcement', () => {
  const reminded = toPostView(announcementPost({ id: 'a1', from: carol }))

  it('says who reminds, as a notice', async () => {
    renderWall()
    const handlers = await socketHandlers()
    act(() => handlers.onAnnouncementReminder(reminded))
    expect(shown).toHaveBeenCalledExactlyOnceWith(
      `Name ${carol} reminds you to read an announcement`,
    )
  })

  it('says it in French', async () => {
    renderWall('fr')
    const handlers = await socketHandlers()
    act(() => handlers.onAnnouncementReminder(reminded))
    expect(shown).toHaveBeenCalledExactlyOnceWith(`Name ${carol} vous rappelle de lire une annonce`)
  })
})
