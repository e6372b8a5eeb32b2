import type { AnnouncementReport, PostData } from '@palabre/contracts'
import { useQuery } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '../../../app-providers'
import { createI18n, type Language } from '../../../i18n'
import { registerWallTexts } from '../../../i18n/catalogue/wall'
import { CentreColumn } from '../centre/centre-column'
import { DiscussionPanel } from '../discussion/discussion-panel'
import { LiveContext, type Live } from '../live/live-context'
import { FolderNamesProvider } from '../lists/folder-names'
import { mockListHeight } from '../lists/test-support'
import { initialWallView } from '../model/wall-view'
import { PostCard } from '../post-card/post-card'
import { wallKeys } from '../queries/keys'
import { listenLive } from '../queries/live/live-events'
import { Outbox, outboxKey } from '../queries/sending/outbox'
import { createSender } from '../queries/sending/sender'
import { toPostView } from '../queries/view-models'
import {
  FakeSocket,
  alice,
  announcementPost,
  bob,
  carol,
  jsonResponse,
  newClient,
  post,
  profile,
  viewer,
} from '../queries/wall.test-support'
import { AnnouncementLine } from './announcement-line'
import { AnnouncementReport as ReportView } from './announcement-report'

/**
 * Announcements on the wall (docs/wall.md, "Announcements"): the pinned list above the general
 * wall and 'I have read it', the label and state of a card, the author's count and table kept
 * live, the reminder, the CSV file, and the recipient's comment hint.
 */

/** A date in local time, so the texts expected hold in any time zone. */
const local = (hours: number, minutes: number) => new Date(2024, 2, 5, hours, minutes).toISOString()

interface Call {
  method: string
  path: string
}

let calls: Call[]
let socket: FakeSocket
let outbox: Outbox

/** Stubs `fetch`: `answer` gets each call (method and path), undefined leaves it unanswered. */
const stubApi = (answer: (call: Call) => Response | undefined) => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://test')
      const call = { method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname }
      calls.push(call)
      const response = answer(call)
      return response ? Promise.resolve(response) : new Promise<Response>(() => undefined)
    }),
  )
}

beforeEach(() => {
  calls = []
  socket = new FakeSocket()
  outbox = new Outbox(outboxKey(viewer), localStorage)
})

afterEach(() => {
  outbox.dispose()
  localStorage.clear()
  vi.unstubAllGlobals()
})

/** The wall's providers around `ui`: the query client, the texts, a router and the tab's live parts. */
const renderWall = (client: QueryClient, ui: ReactElement, lang: Language = 'en') => {
  const live: Live = {
    socket: socket.asSocket(),
    outbox,
    sender: createSender({
      profile,
      socket: socket.asSocket(),
      outbox,
      client,
      phone: viewer,
      onRefused: () => undefined,
    }),
    status: 'online',
  }
  return render(
    <AppProviders queryClient={client} i18n={registerWallTexts(createI18n(lang))}>
      <MemoryRouter>
        <LiveContext.Provider value={live}>
          <FolderNamesProvider value={{ viewerPhone: viewer, folders: [] }}>
            {ui}
          </FolderNamesProvider>
        </LiveContext.Provider>
      </MemoryRouter>
    </AppProviders>,
  )
}

const actions = () => ({
  open: vi.fn(),
  expand: vi.fn(),
  share: vi.fn(),
  copy: vi.fn(),
  resend: vi.fn(),
  recipients: vi.fn(),
  contact: vi.fn(),
  group: vi.fn(),
})

const centre = () => (
  <CentreColumn
    profile={profile}
    view={initialWallView}
    dispatch={vi.fn()}
    openPostId={undefined}
    actions={actions()}
    showSearch={false}
  />
)

/** The general wall's first page: a newer post, the announcement, an older post. */
const wallOf = (announcement: PostData) => [
  post({ id: 'newer', minute: 120, text: 'Newer post' }),
  announcement,
  post({ id: 'older', minute: 30, text: 'Older post' }),
]

const cardsOf = (container: HTMLElement) =>
  within(container)
    .getAllByTestId('post-card')
    .map((card) => card.dataset.postId)

describe('the pinned announcements above the general wall', () => {
  const pinned = () =>
    announcementPost({ id: 'a1', from: carol, minute: 60, text: 'Read the new rules' })

  const answer =
    (confirmed: PostData | null) =>
    ({ method, path }: Call): Response | undefined => {
      if (path === `/api/post/${viewer}/0`) return jsonResponse(wallOf(pinned()))
      if (path === `/api/post/${viewer}`) return jsonResponse(3)
      if (path === '/api/announcements/pinned') return jsonResponse([pinned()])
      if (method === 'POST' && path === '/api/announcements/a1/confirm')
        return confirmed
          ? jsonResponse({ confirmedAt: confirmed.data.announcement?.confirmedAt })
          : jsonResponse({ error: { code: 'not_found', message: 'No such announcement.' } }, 404)
      return jsonResponse({ error: { code: 'not_found', message: 'No stub' } }, 404)
    }

  it("shows each, highlighted, with its label, author and 'I have read it', and not again below", async () => {
    stubApi(answer(null))
    const { container } = renderWall(newClient(), centre())

    const region = await screen.findByRole('region', { name: 'Announcements to read' })
    const card = within(region).getByTestId('post-card')
    expect(card.dataset.postId).toBe('a1')
    expect(card.className).toContain('post-card--pinned')
    expect(within(card).getByText('Announcement')).toBeTruthy()
    expect(within(card).getByRole('button', { name: `Name ${carol}` })).toBeTruthy()
    expect(within(card).getByText('Everyone')).toBeTruthy()
    expect(within(card).getByText('Read the new rules')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'I have read it' })).toBeTruthy()
    await screen.findByText('Newer post')
    expect(cardsOf(container)).toEqual(['a1', 'newer', 'older'])
  })

  it('confirms: it leaves the pinned list and stays among the posts in its place, read on its date', async () => {
    const confirmed = announcementPost({
      id: 'a1',
      from: carol,
      minute: 60,
      confirmedAt: local(14, 7),
    })
    stubApi(answer(confirmed))
    const { container } = renderWall(newClient(), centre())
    const region = await screen.findByRole('region', { name: 'Announcements to read' })
    await screen.findByText('Newer post')

    await userEvent.click(within(region).getByRole('button', { name: 'I have read it' }))

    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Announcements to read' })).toBeNull(),
    )
    expect(calls).toContainEqual({ method: 'POST', path: '/api/announcements/a1/confirm' })
    expect(cardsOf(container)).toEqual(['newer', 'a1', 'older'])
    const card = container.querySelector('[data-post-id="a1"]') as HTMLElement
    expect(card.className).not.toContain('post-card--pinned')
    expect(within(card).getByText('Announcement')).toBeTruthy()
    expect(within(card).getByText('Read on 5 Mar 2024 at 14:07')).toBeTruthy()
  })

  it("says why a confirmation failed, in the screen's language, and keeps it pinned", async () => {
    stubApi(answer(null))
    renderWall(newClient(), centre(), 'fr')
    const region = await screen.findByRole('region', { name: 'Annonces à lire' })

    await userEvent.click(within(region).getByRole('button', { name: "J'ai lu" }))

    expect((await within(region).findByRole('alert')).textContent).toBe(
      "Cette annonce n'existe pas.",
    )
    expect(within(region).getByText('Annonce')).toBeTruthy()
    expect(within(region).getByText('Tout le monde')).toBeTruthy()
  })

  it('arrives live on top of the pinned list, without a reload', async () => {
    stubApi(answer(null))
    const client = newClient()
    const stop = listenLive({
      socket: socket.asSocket(),
      client,
      phone: viewer,
      outbox,
      openPostId: () => undefined,
      onFolderAdded: () => undefined,
      onFolderLost: () => undefined,
      onPostArrived: () => undefined,
      onCommentArrived: () => undefined,
      onAnnouncementReminder: () => undefined,
      onSessionEnded: () => undefined,
    })
    renderWall(client, centre())
    const region = await screen.findByRole('region', { name: 'Announcements to read' })

    act(() => {
      socket.fire('announcement', announcementPost({ id: 'a2', minute: 200, text: 'Fire drill' }))
    })

    await vi.waitFor(() =>
      expect(
        within(region)
          .getAllByTestId('post-card')
          .map((card) => card.dataset.postId),
      ).toEqual(['a2', 'a1']),
    )
    const cards = within(region).getAllByTestId('post-card')
    expect(within(cards[0] as HTMLElement).getByText('Fire drill')).toBeTruthy()
    stop()
  })
})

describe("an announcement's card", () => {
  const show = (item: PostData, client = newClient(), lang: Language = 'en') =>
    renderWall(
      client,
      <PostCard
        post={toPostView(item)}
        viewerPhone={viewer}
        isOpen={false}
        onOpen={vi.fn()}
        onExpand={vi.fn()}
        onComment={vi.fn()}
        onShare={vi.fn()}
        onCopy={vi.fn()}
        onResend={vi.fn()}
        onContact={vi.fn()}
        onRecipients={vi.fn()}
        onGroup={vi.fn()}
      />,
      lang,
    )

  it('reads when a recipient confirmed it, in French too', () => {
    show(announcementPost({ id: 'a1', confirmedAt: local(9, 30) }), newClient(), 'fr')
    expect(screen.getByText('Annonce')).toBeTruthy()
    expect(screen.getByText('Lu le 5 mars 2024 à 09:30')).toBeTruthy()
  })

  it('carries no label on any other post', () => {
    show(post({ id: 'p1' }))
    expect(screen.queryByText('Announcement')).toBeNull()
    expect(screen.getByTestId('post-card').dataset.announcement).toBeUndefined()
  })

  it('shows its author how many confirmed of how many, moving live with each confirmation', async () => {
    const client = newClient()
    const stop = listenLive({
      socket: socket.asSocket(),
      client,
      phone: viewer,
      outbox,
      openPostId: () => undefined,
      onFolderAdded: () => undefined,
      onFolderLost: () => undefined,
      onPostArrived: () => undefined,
      onCommentArrived: () => undefined,
      onAnnouncementReminder: () => undefined,
      onSessionEnded: () => undefined,
    })
    // The post in the wall's cache, as a page read it, and its card drawn from the cache.
    const mine = announcementPost({ id: 'a1', from: viewer, recipients: 3, confirmed: 1 })
    const key = [...wallKeys.pages(viewer), 'general', '', 0]
    client.setQueryData(key, [mine])
    const Card = () => {
      const page = useQuery<PostData[]>({ queryKey: key, enabled: false })
      const [cached] = page.data ?? []
      return cached ? <AnnouncementLine post={toPostView(cached)} viewerPhone={viewer} /> : null
    }
    renderWall(client, <Card />)
    expect(screen.getByTestId('announcement-count').textContent).toBe('1 of 3 confirmed')

    act(() => {
      socket.fire('announcementConfirmed', {
        idPostEmet: 'a1',
        phone: bob,
        name: 'Bob',
        at: local(11, 0),
        confirmed: 2,
        total: 3,
      })
    })
    await vi.waitFor(() =>
      expect(screen.getByTestId('announcement-count').textContent).toBe('2 of 3 confirmed'),
    )
    stop()
  })

  it('shows its author how many it went to when the answer has no count', () => {
    show(announcementPost({ id: 'a2', from: viewer, recipients: 3 }))
    expect(screen.getByTestId('announcement-count').textContent).toBe('Sent to 3 people')
  })
})

describe("the author's table in the discussion", () => {
  beforeEach(() => {
    mockListHeight()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const report: AnnouncementReport = {
    total: 3,
    confirmed: [{ phone: alice, name: 'Alice', at: local(10, 0) }],
    pending: [
      { phone: bob, name: 'Bob' },
      { phone: carol, name: '' },
    ],
  }

  const rows = (testId: string) =>
    screen.getAllByTestId(testId).map((row) => [row.dataset.phone, row.textContent])

  it('lists who confirmed when and who has not, and takes a confirmation in live', async () => {
    stubApi(({ path }) =>
      path === '/api/admin/announcements/a1' ? jsonResponse(report) : undefined,
    )
    const client = newClient()
    const stop = listenLive({
      socket: socket.asSocket(),
      client,
      phone: viewer,
      outbox,
      openPostId: () => undefined,
      onFolderAdded: () => undefined,
      onFolderLost: () => undefined,
      onPostArrived: () => undefined,
      onCommentArrived: () => undefined,
      onAnnouncementReminder: () => undefined,
      onSessionEnded: () => undefined,
    })
    renderWall(client, <ReportView id="a1" viewerPhone={viewer} />)

    const counts = await screen.findByTestId('announcement-report-counts')
    expect(counts.textContent).toBe('1 of 3 confirmed')
    // Who did is in the panel behind 'See who confirmed' (docs/wall.md, "Report panels").
    expect(screen.queryByTestId('confirmed-row')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'See who confirmed' }))
    expect(screen.getByRole('dialog', { name: 'Confirmations' })).toBeTruthy()
    expect(rows('confirmed-row')).toEqual([[alice, `Alice+${alice}5 Mar 2024 at 10:00`]])
    expect(rows('pending-row')).toEqual([
      [bob, `Bob+${bob}`],
      [carol, `+${carol}+${carol}`],
    ])

    act(() => {
      socket.fire('announcementConfirmed', {
        idPostEmet: 'a1',
        phone: bob,
        name: 'Bob',
        at: local(11, 15),
        confirmed: 2,
        total: 3,
      })
    })

    // The cache tells the screen on its next tick.
    await vi.waitFor(() => expect(counts.textContent).toBe('2 of 3 confirmed'))
    expect(rows('confirmed-row')).toEqual([
      [alice, `Alice+${alice}5 Mar 2024 at 10:00`],
      [bob, `Bob+${bob}5 Mar 2024 at 11:15`],
    ])
    expect(rows('pending-row')).toEqual([[carol, `+${carol}+${carol}`]])
    stop()
  })

  it('links the CSV file of the same origin', async () => {
    stubApi(({ path }) =>
      path === '/api/admin/announcements/a1' ? jsonResponse(report) : undefined,
    )
    renderWall(newClient(), <ReportView id="a1" viewerPhone={viewer} />)
    const link = await screen.findByRole('link', { name: 'Download CSV' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(link.getAttribute('href')).toBe('/api/admin/announcements/a1/confirmations.csv')
    expect(link.hasAttribute('download')).toBe(true)
    const xlsx = screen.getByRole('link', { name: 'Download Excel' })
    expect(xlsx.getAttribute('href')).toBe('/api/admin/announcements/a1/confirmations.xlsx')
    expect(xlsx.hasAttribute('download')).toBe(true)
  })

  it('reminds those who have not confirmed, and says how many, in French too', async () => {
    stubApi(({ method, path }) => {
      if (path === '/api/admin/announcements/a1') return jsonResponse(report)
      if (method === 'POST' && path === '/api/admin/announcements/a1/remind')
        return jsonResponse({ reminded: 2 })
      return undefined
    })
    renderWall(newClient(), <ReportView id="a1" viewerPhone={viewer} />, 'fr')

    await userEvent.click(
      await screen.findByRole('button', { name: "Relancer ceux qui n'ont pas confirmé" }),
    )

    expect(await screen.findByText('2 personnes relancées')).toBeTruthy()
    expect(calls).toContainEqual({ method: 'POST', path: '/api/admin/announcements/a1/remind' })
    expect(screen.getByTestId('announcement-report-counts').textContent).toBe(
      '1 sur 3 ont confirmé',
    )
  })

  it('offers no reminder when everyone confirmed', async () => {
    const done: AnnouncementReport = { ...report, total: 1, pending: [] }
    stubApi(({ path }) => (path === '/api/admin/announcements/a1' ? jsonResponse(done) : undefined))
    renderWall(newClient(), <ReportView id="a1" viewerPhone={viewer} />)
    const remind = await screen.findByRole('button', {
      name: 'Remind those who have not confirmed',
    })
    expect((remind as HTMLButtonElement).disabled).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'See who confirmed' }))
    expect(screen.getByText('Everyone has confirmed.')).toBeTruthy()
  })
})

describe('the discussion of an announcement', () => {
  const discussion = (item: PostData) => {
    const client = newClient()
    client.setQueryData(wallKeys.post(viewer, 'a1'), item)
    stubApi(({ path }) => {
      if (path === '/api/comment/a1') return jsonResponse([])
      if (path === `/api/groupe/${viewer}`) return jsonResponse([])
      if (path === '/api/admin/announcements/a1')
        return jsonResponse({ total: 2, confirmed: [], pending: [] })
      return undefined
    })
    renderWall(
      client,
      <DiscussionPanel
        profile={profile}
        postId="a1"
        mobile={false}
        onBack={vi.fn()}
        onInfo={vi.fn()}
        onContact={vi.fn()}
        onGroup={vi.fn()}
      />,
    )
  }

  it('tells a recipient their comment goes to the author only, and shows them no table', async () => {
    discussion(announcementPost({ id: 'a1', from: carol }))
    expect((await screen.findByTestId('announcement-comment-hint')).textContent).toBe(
      `Your comment goes to Name ${carol} only`,
    )
    expect(screen.getByTestId('discussion-header').textContent).toContain('Announcement')
    expect(screen.queryByRole('region', { name: 'Confirmations' })).toBeNull()
    expect(calls.some((call) => call.path.startsWith('/api/admin/'))).toBe(false)
  })

  it('shows its author the table, and no hint', async () => {
    discussion(announcementPost({ id: 'a1', from: viewer }))
    expect(await screen.findByRole('region', { name: 'Confirmations' })).toBeTruthy()
    expect(await screen.findByTestId('announcement-report-counts')).toBeTruthy()
    expect(screen.queryByTestId('announcement-comment-hint')).toBeNull()
  })
})
