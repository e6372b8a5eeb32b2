/**
 * Test helpers of the reader (tests only: nothing of the app imports this, so it is never
 * bundled). The api is a stubbed `fetch`, as in the wall's tests.
 */
import type { CommentFile, UserProfile } from '@palabre/contracts'
import { render } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom'
import { vi } from 'vitest'
import { AppProviders } from '../../app-providers'
import { createI18n, type Language } from '../../i18n'
import { createQueryClient } from '../../lib/query-client'
import { openedFromWall } from '../../lib/paths'
import { ReaderPage } from './reader-page'

export const viewer = '33600000001'
export const alice = '33600000002'
export const profile: UserProfile = { nomPrenom: 'Viewer Name', phone: viewer, mail: 'v@x.fr' }

/** An ISO date from local parts, so the texts expected hold in any time zone. */
export const local = (day: number, hours: number, minutes: number): string =>
  new Date(2024, 2, day, hours, minutes).toISOString()

/** A post's file as GET /api/commentFiles answers it: images in `image`, the rest in `fileDoc`. */
export const fileItem = (name: string, extra: Partial<CommentFile> = {}): CommentFile => {
  const image = /\.(png|jpe?g|gif)$/.test(name)
  return {
    emet: alice,
    emetName: 'Alice Martin',
    image: image ? name : '',
    fileDoc: image ? '' : name,
    dateCreation: local(5, 14, 7),
    idCmtEmet: `c-${name}`,
    ...extra,
  }
}

/** `count` files f0..f<count-1>, newest first, one minute apart. */
export const files = (count: number): CommentFile[] =>
  Array.from({ length: count }, (_, i) =>
    fileItem(`f${i}___id${i}.zip`, { dateCreation: local(5, 14, 59 - i) }),
  )

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

export const failure = (status: number, message = 'No.'): Response =>
  jsonResponse({ error: { code: status === 503 ? 'unavailable' : 'not_found', message } }, status)

export const pdfResponse = (text = '%PDF-1.4 sample'): Response =>
  new Response(text, { status: 200, headers: { 'content-type': 'application/pdf' } })

/**
 * Stubs `fetch`: GET /api/commentFiles/<post>/<n> answers 7 of `list` from offset n; a HEAD of a
 * file (is it there?) answers 404 for the names in `gone`, 200 for any other; any other call goes
 * to `other` (a 404 unless told). Returns the mock; restore with vi.unstubAllGlobals().
 */
export const stubApi = (
  list: readonly CommentFile[],
  other: (url: string) => Response | Promise<Response> = () => failure(404),
  { gone = [] }: { gone?: readonly string[] } = {},
) => {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString()
    const page = /^\/api\/commentFiles\/[^/]+\/(\d+)$/.exec(url)
    if (page) {
      const from = Number(page[1])
      return Promise.resolve(jsonResponse(list.slice(from, from + 7)))
    }
    if (init?.method === 'HEAD') {
      const there = !gone.some((name) => url === `/api/files/${encodeURIComponent(name)}`)
      return Promise.resolve(new Response(null, { status: there ? 200 : 404 }))
    }
    return Promise.resolve(other(url))
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input.toString()

/** The URLs fetched so far, but the HEADs asking whether a file is there. */
export const calledUrls = (fetchMock: ReturnType<typeof stubApi>): string[] =>
  fetchMock.mock.calls.filter(([, init]) => init?.method !== 'HEAD').map(([input]) => urlOf(input))

/** The files asked after so far (a HEAD each: is it there?). */
export const probedUrls = (fetchMock: ReturnType<typeof stubApi>): string[] =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'HEAD').map(([input]) => urlOf(input))

/**
 * Mounts the reader at `path` under a signed-in profile, beside stand-ins of the discussion and
 * the wall (where Close goes), in the app's providers.
 */
export const renderReader = (
  path: string,
  lang: Language = 'en',
  who: UserProfile = profile,
  /** The wall's page that opened the reader through one of its links, if any. */
  opener?: string,
) => {
  const router = createMemoryRouter(
    [
      {
        element: <Outlet context={who} />,
        children: [
          { path: '/wall/discussion/lecteur/:filedoc', element: <ReaderPage /> },
          { path: '/wall/discussion/:id', element: <p>Discussion stand-in</p> },
          { path: '/wall', element: <p>Wall stand-in</p> },
        ],
      },
    ],
    opener === undefined
      ? { initialEntries: [path] }
      : {
          initialEntries: [
            opener,
            {
              pathname: path.split('?')[0],
              search: path.slice(path.indexOf('?')),
              state: openedFromWall,
            },
          ],
          initialIndex: 1,
        },
  )
  const view = render(
    <AppProviders queryClient={createQueryClient()} i18n={createI18n(lang)}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, router }
}
