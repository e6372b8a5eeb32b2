import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isWatched, resetViewReporting, viewsNotCounted } from '../../../lib/view-session'
import { wallKeys } from '../queries/keys'
import { mockListHeight } from '../lists/test-support'
import { onVideoViewed } from '../queries/live/video-viewed'
import { VideoAttachment } from './video-attachment'
import {
  ann,
  bob,
  drive,
  me,
  refusal,
  renderMedia,
  stubServer,
  viewerRow,
  views,
  type FetchCall,
} from './test-support'

const clip = 'clip___v1.mp4'
const viewsUrl = `/api/files/${clip}/views`

/** The video on screen, once its reporting code is in and follows it. */
const show = async (options: Parameters<typeof renderMedia>[1] = {}, reporting = true) => {
  const shown = renderMedia(
    <VideoAttachment name={clip} shown="clip.mp4" viewerPhone={me} download={null} />,
    options,
  )
  const player = screen.getByLabelText(/clip\.mp4$/) as HTMLVideoElement
  if (reporting) await waitFor(() => expect(isWatched(player)).toBe(true))
  return { ...shown, player, drive: drive(player) }
}

const reports = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST')

beforeEach(() => {
  resetViewReporting()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('a video of a conversation (docs/wall.md, "Proof of viewing")', () => {
  it('shows the viewer their own progress, and moves it with each report’s answer', async () => {
    const answers = [
      // The report as playing starts answers what the server holds.
      { watchedFraction: 0.45, completedAt: null },
      { watchedFraction: 0.6, completedAt: null },
      { watchedFraction: 1, completedAt: '2024-05-01T10:00:00.000Z' },
    ]
    const calls = stubServer((call) =>
      call.method === 'POST'
        ? [200, answers.shift()]
        : [200, views([viewerRow(me, 'Me', { watchedFraction: 0.45 })])],
    )
    const { player, drive: video } = await show()
    const own = await screen.findByTestId('own-progress')
    expect(own.textContent).toBe('Watched 45%')
    expect(player.src).toMatch(/\/api\/files\/clip___v1\.mp4$/)

    video.play()
    video.playTo(4)
    video.pause()
    await waitFor(() => expect(own.textContent).toBe('Watched 60%'))
    expect(reports(calls)).toEqual([
      // Sent as it starts playing, before anything is played: the server counts from then.
      { method: 'POST', url: viewsUrl, body: { ranges: [] }, keepalive: false },
      { method: 'POST', url: viewsUrl, body: { ranges: [[0, 4]] }, keepalive: false },
    ])

    video.play()
    video.playTo(20)
    video.end()
    await waitFor(() => expect(own.textContent).toBe('Watched'))
    expect(own.dataset['watched']).toBe('true')
    expect(reports(calls)[2]?.body).toEqual({ ranges: [[4, 20]] })
    // Once per player: playing again sends no report of a start.
    expect(reports(calls)).toHaveLength(3)
  })

  it('reports what was played, not a seek', async () => {
    const calls = stubServer((call) =>
      call.method === 'POST'
        ? [200, { watchedFraction: 0.2, completedAt: null }]
        : [200, views([viewerRow(me, 'Me')])],
    )
    const { drive: video } = await show()
    expect((await screen.findByTestId('own-progress')).textContent).toBe('Not watched yet')
    video.play()
    video.playTo(2)
    video.seekTo(15)
    video.playTo(17)
    video.pause()
    await waitFor(() => expect(reports(calls)).toHaveLength(2))
    expect(reports(calls)[1]?.body).toEqual({
      ranges: [
        [0, 2],
        [15, 17],
      ],
    })
  })

  it('reports with keepalive as the page is hidden or left', async () => {
    const calls = stubServer((call) =>
      call.method === 'POST'
        ? [200, { watchedFraction: 0.1, completedAt: null }]
        : [200, views([viewerRow(me, 'Me')])],
    )
    const { drive: video } = await show()
    await screen.findByTestId('own-progress')
    video.play()
    video.playTo(3)
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
    video.playTo(5)
    window.dispatchEvent(new Event('pagehide'))
    delete (document as { visibilityState?: unknown }).visibilityState
    await waitFor(() => expect(reports(calls)).toHaveLength(3))
    expect(reports(calls).map((c) => [c.body, c.keepalive])).toEqual([
      [{ ranges: [] }, false],
      [{ ranges: [[0, 3]] }, true],
      [{ ranges: [[3, 5]] }, true],
    ])
  })

  it('sends what the player played when it goes (its comment scrolled away)', async () => {
    const calls = stubServer((call) =>
      call.method === 'POST'
        ? [200, { watchedFraction: 0.1, completedAt: null }]
        : [200, views([viewerRow(me, 'Me')])],
    )
    const { drive: video, unmount } = await show()
    await screen.findByTestId('own-progress')
    video.play()
    video.playTo(2.5)
    unmount()
    await waitFor(() => expect(reports(calls)).toHaveLength(2))
    expect(reports(calls)[1]).toMatchObject({ body: { ranges: [[0, 2.5]] }, keepalive: true })
  })

  it('keeps what a failed report carried for the next one', async () => {
    let reachable = false
    const calls = stubServer((call) => {
      if (call.method !== 'POST') return [200, views([viewerRow(me, 'Me')])]
      return reachable ? [200, { watchedFraction: 0.3, completedAt: null }] : [503]
    })
    const { drive: video } = await show()
    const own = await screen.findByTestId('own-progress')
    video.play()
    video.playTo(3)
    video.pause()
    await waitFor(() => expect(reports(calls)).toHaveLength(2))
    reachable = true
    video.play()
    video.playTo(6)
    video.pause()
    await waitFor(() => expect(own.textContent).toBe('Watched 30%'))
    // The start, which failed too, is sent again as playing starts again.
    expect(reports(calls).map((c) => c.body)).toEqual([
      { ranges: [] },
      { ranges: [[0, 3]] },
      { ranges: [] },
      { ranges: [[0, 6]] },
    ])
  })

  it('stops reporting a file without a duration (409), for every player of it', async () => {
    const calls = stubServer(() =>
      refusal(409, 'conflict', 'This file has no known duration: its views are not counted.'),
    )
    const first = await show()
    first.drive.play()
    first.drive.playTo(3)
    first.drive.pause()
    // The refusal is in: later plays report nothing, in this player or another of the file.
    await waitFor(() => expect(viewsNotCounted(clip)).toBe(true))
    first.drive.play()
    first.drive.playTo(8)
    first.drive.pause()
    first.unmount()
    const second = await show({}, false)
    // Its reporting code is in (the first player's): the player was looked at, and left alone.
    await import('../../../lib/view-session')
    expect(isWatched(second.player)).toBe(false)
    second.drive.play()
    second.drive.playTo(4)
    second.drive.pause()
    // The start and the first pause's, sent before the refusal was in; nothing since.
    expect(reports(calls)).toHaveLength(2)
    // Nor does it show any progress: its views are not counted (409 too).
    await waitFor(() =>
      expect(second.client.getQueryState(wallKeys.fileViews(me, clip))?.status).toBe('error'),
    )
    expect(screen.queryByTestId('own-progress')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Who watched' })).toBeNull()
  })

  it('shows the sender who watched, live, with the CSV download', async () => {
    mockListHeight()
    let answer = views([
      viewerRow(ann, 'Ann Martin', { watchedFraction: 0.25 }),
      viewerRow(bob, 'Bob Keita'),
    ])
    stubServer(() => [200, answer])
    const { client } = await show()
    const toggle = await screen.findByRole('button', { name: 'Who watched' })
    expect(screen.getByText('0 of 2 watched')).toBeTruthy()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(toggle.getAttribute('aria-haspopup')).toBe('dialog')
    expect(screen.queryByRole('table')).toBeNull()

    // The table is in a panel of its own (docs/wall.md, "Report panels").
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const panel = screen.getByRole('dialog', { name: 'Who watched clip.mp4' })
    const table = within(panel).getByRole('table', { name: 'Who watched clip.mp4' })
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Progress', 'Watched on'])
    expect(row('Ann Martin').textContent).toBe(`Ann Martin+${ann}25%`)
    expect(row('Bob Keita').textContent).toBe(`Bob Keita+${bob}0%`)
    const csv = screen.getByRole('link', { name: 'Download the views of clip.mp4 as CSV' })
    expect(csv.getAttribute('href')).toBe(`/api/files/${clip}/views.csv`)
    expect(csv.hasAttribute('download')).toBe(true)
    expect(csv.textContent).toBe('Download CSV')
    const xlsx = screen.getByRole('link', {
      name: 'Download the views of clip.mp4 as an Excel workbook',
    })
    expect(xlsx.getAttribute('href')).toBe(`/api/files/${clip}/views.xlsx`)
    expect(xlsx.hasAttribute('download')).toBe(true)
    expect(xlsx.textContent).toBe('Download Excel')

    // Live: Bob plays half of it, then all of it.
    onVideoViewed(client, me, { name: clip, phone: bob, watchedFraction: 0.5, completedAt: null })
    await waitFor(() => expect(row('Bob Keita').textContent).toBe(`Bob Keita+${bob}50%`))
    const done = new Date(2024, 4, 1, 10, 30).toISOString()
    onVideoViewed(client, me, { name: clip, phone: bob, watchedFraction: 0.93, completedAt: done })
    await waitFor(() =>
      expect(row('Bob Keita').textContent).toBe(`Bob Keita+${bob}93%Watched1 May 10:30`),
    )
    expect(screen.getAllByText('1 of 2 watched')).toHaveLength(2)
    // Once watched, Bob goes after those who have not.
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.dataset.phone),
    ).toEqual([undefined, ann, bob])
    // A progress never goes back (a late event).
    onVideoViewed(client, me, { name: clip, phone: ann, watchedFraction: 0.1, completedAt: null })
    expect(row('Ann Martin').textContent).toBe(`Ann Martin+${ann}25%`)

    // Someone the table does not hold yet: it is read again.
    answer = views([...answer.viewers, viewerRow('33600000009', 'Zoé', { watchedFraction: 0.2 })])
    onVideoViewed(client, me, {
      name: clip,
      phone: '33600000009',
      watchedFraction: 0.2,
      completedAt: null,
    })
    await waitFor(() => expect(row('Zoé').textContent).toBe('Zoé+3360000000920%'))
  })

  it('tells the sender when nobody else can watch it yet', async () => {
    stubServer(() => [200, views([])])
    await show()
    fireEvent.click(await screen.findByRole('button', { name: 'Who watched' }))
    expect(screen.getByText('Nobody else can watch it yet.')).toBeTruthy()
    expect(screen.getAllByText('0 of 0 watched')).toHaveLength(2)
  })

  it('speaks French', async () => {
    mockListHeight()
    stubServer(() => [
      200,
      views([viewerRow(ann, 'Ann Martin', { watchedFraction: 0.456 }), viewerRow(bob, '')]),
    ])
    await show({ language: 'fr' })
    fireEvent.click(await screen.findByRole('button', { name: 'Qui a regardé' }))
    const table = screen.getByRole('table', { name: 'Qui a regardé clip.mp4' })
    // French writes a no-break space before the percent sign.
    expect(within(table).getByRole('row', { name: /Ann Martin/ }).textContent).toMatch(
      new RegExp(`^Ann Martin\\+${ann}45\\s%$`),
    )
    expect(within(table).getByRole('row', { name: new RegExp(`\\+${bob}`) })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Télécharger les vues de clip.mp4 en CSV' }))
  })
})
