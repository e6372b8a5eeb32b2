import type { AnnouncementReport, PostData } from '@palabre/contracts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import {
  confirmationsCsvHref,
  confirmationsXlsxHref,
  pinOnTop,
  useConfirmAnnouncement,
  withConfirmation,
} from './announcements'
import { wallKeys } from './keys'
import { placePost, updatePost } from './post-cache'
import {
  alice,
  announcementPost,
  at,
  bob,
  carol,
  ids,
  invalidated,
  jsonResponse,
  newClient,
  posts,
  stubFetch,
  viewer,
} from './wall.test-support'

/** The wall's announcements in the cache (docs/wall.md, "Announcements"). */

const general = { kind: 'general' } as const
const firstPage = wallKeys.page(viewer, general, '', 0)
const pinnedKey = wallKeys.pinned(viewer)

afterEach(() => {
  vi.unstubAllGlobals()
})

const wrapper =
  (client: QueryClient) =>
  ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client }, children)

describe('the pinned list', () => {
  it('puts an announcement on top, or brings it back there, once', () => {
    const client = newClient()
    const a1 = announcementPost({ id: 'a1', minute: 10 })
    client.setQueryData(pinnedKey, [announcementPost({ id: 'a2', minute: 20 }), a1])

    pinOnTop(client, viewer, a1)

    expect(ids(client.getQueryData<PostData[]>(pinnedKey))).toEqual(['a1', 'a2'])
  })

  it('does not pin an announcement the viewer confirmed', () => {
    const client = newClient()
    client.setQueryData(pinnedKey, [])
    pinOnTop(client, viewer, announcementPost({ id: 'a1', confirmedAt: at(5) }))
    expect(client.getQueryData(pinnedKey)).toEqual([])
  })

  it('keeps its copy up to date where the wall changes a post, and lets a confirmed one go', () => {
    const client = newClient()
    const a1 = announcementPost({ id: 'a1', minute: 10 })
    client.setQueryData(pinnedKey, [a1, announcementPost({ id: 'a2', minute: 5 })])

    updatePost(client, viewer, 'a1', (p) => ({ ...p, cmtnonlu: 2 }))
    expect(client.getQueryData<PostData[]>(pinnedKey)?.[0]?.cmtnonlu).toBe(2)

    // Read again after the viewer confirmed it in another tab (a catch-up).
    placePost(client, viewer, announcementPost({ id: 'a1', minute: 10, confirmedAt: at(20) }), {
      toTop: false,
    })
    expect(ids(client.getQueryData<PostData[]>(pinnedKey))).toEqual(['a2'])
  })
})

describe("'I have read it'", () => {
  it('confirms, unpins, and leaves the announcement among the posts in its place, read', async () => {
    const client = newClient()
    const a1 = { ...announcementPost({ id: 'a1', from: carol, minute: 95 }), cmtnonlu: 1 }
    const page = [...posts(3), a1, ...posts(3, 3)]
    client.setQueryData(firstPage, page)
    client.setQueryData(pinnedKey, [a1])
    const fetched = stubFetch(() => jsonResponse({ confirmedAt: at(300) }))
    const { result } = renderHook(() => useConfirmAnnouncement(viewer), {
      wrapper: wrapper(client),
    })

    await act(() => result.current.mutateAsync('a1'))

    const [url, init] = fetched.mock.calls[0] as unknown as [string, RequestInit]
    expect([init.method, url]).toEqual(['POST', '/api/announcements/a1/confirm'])
    expect(client.getQueryData(pinnedKey)).toEqual([])
    const list = client.getQueryData<PostData[]>(firstPage)
    expect(ids(list)).toEqual(ids(page))
    expect(list?.[3]?.data.announcement?.confirmedAt).toBe(at(300))
    // Confirming is reading: seen on the web as the server marked it, its comment read.
    expect(list?.[3]).toMatchObject({ delivredtoWeb: 4, cmtnonlu: 0 })
    expect(invalidated(client, firstPage)).toBe(false)
  })

  it('reads the wall again when it did not hold the announcement', async () => {
    const client = newClient()
    client.setQueryData(firstPage, posts(3))
    client.setQueryData(pinnedKey, [announcementPost({ id: 'a1', minute: 1 })])
    stubFetch(() => jsonResponse({ confirmedAt: at(300) }))
    const { result } = renderHook(() => useConfirmAnnouncement(viewer), {
      wrapper: wrapper(client),
    })

    await act(() => result.current.mutateAsync('a1'))

    expect(client.getQueryData(pinnedKey)).toEqual([])
    expect(invalidated(client, firstPage)).toBe(true)
  })

  it('keeps it pinned when the server refuses', async () => {
    const client = newClient()
    const a1 = announcementPost({ id: 'a1', minute: 1 })
    client.setQueryData(pinnedKey, [a1])
    stubFetch(() =>
      jsonResponse({ error: { code: 'not_found', message: 'No such announcement.' } }, 404),
    )
    const { result } = renderHook(() => useConfirmAnnouncement(viewer), {
      wrapper: wrapper(client),
    })

    await act(() => result.current.mutateAsync('a1').catch(() => undefined))

    expect(ids(client.getQueryData<PostData[]>(pinnedKey))).toEqual(['a1'])
  })
})

describe("the author's table", () => {
  const report: AnnouncementReport = {
    total: 3,
    confirmed: [{ phone: bob, name: 'Bob', at: at(10) }],
    pending: [
      { phone: alice, name: 'Alice' },
      { phone: carol, name: 'Carol' },
    ],
  }

  it('takes a confirmation in at its time, out of those pending', () => {
    const event = { idPostEmet: 'a1', name: 'Alice', confirmed: 2, total: 3 }
    expect(withConfirmation(report, { ...event, phone: alice, at: at(5) })).toEqual({
      total: 3,
      confirmed: [
        { phone: alice, name: 'Alice', at: at(5) },
        { phone: bob, name: 'Bob', at: at(10) },
      ],
      pending: [{ phone: carol, name: 'Carol' }],
    })
  })

  it('counts a confirmation it already holds once', () => {
    const again = { idPostEmet: 'a1', phone: bob, name: 'Bob', at: at(10), confirmed: 1, total: 3 }
    expect(withConfirmation(report, again)).toEqual(report)
  })

  it('downloads as a CSV file from the same origin', () => {
    expect(confirmationsCsvHref('announcement-1')).toBe(
      '/api/admin/announcements/announcement-1/confirmations.csv',
    )
    expect(confirmationsXlsxHref('announcement-1')).toBe(
      '/api/admin/announcements/announcement-1/confirmations.xlsx',
    )
  })
})
