import type { FileViews, Viewer } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { AppProviders } from '../../../app-providers'
import { createI18n, type Language } from '../../../i18n'
import { registerWallTexts } from '../../../i18n/catalogue/wall'
import { createQueryClient } from '../../../lib/query-client'

/** Test helpers of the wall's videos and voice messages; tests only. */
export { drive } from '../../../test/media-player'

export const me = '33600000001'
export const ann = '33600000002'
export const bob = '33600000003'

export const viewerRow = (phone: string, name: string, extra: Partial<Viewer> = {}): Viewer => ({
  phone,
  name,
  watchedFraction: 0,
  completedAt: null,
  ...extra,
})

export const views = (viewers: Viewer[], durationSeconds = 20): FileViews => ({
  durationSeconds,
  viewers,
})

export interface FetchCall {
  method: string
  url: string
  body: unknown
  keepalive: boolean
}

type Answer = [status: number, body?: unknown]

/**
 * Stubs `fetch` for `callRoute`: `answer` gets each call and returns its status and JSON body,
 * or a promise of them (a report the test answers later). Restore with `vi.unstubAllGlobals()`.
 */
export const stubServer = (answer: (call: FetchCall) => Answer | Promise<Answer>) => {
  const calls: FetchCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
      const call = {
        method: init?.method ?? 'GET',
        url: String(input),
        body,
        keepalive: init?.keepalive === true,
      }
      calls.push(call)
      const [status, payload] = await answer(call)
      return new Response(payload === undefined ? null : JSON.stringify(payload), {
        status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return calls
}

/** The server's refusal with its error body. */
export const refusal = (status: number, code: string, message: string): Answer => [
  status,
  { error: { code, message } },
]

/** Renders in the app's providers with a query client the test holds. */
export const renderMedia = (
  ui: ReactElement,
  {
    language = 'en',
    client = createQueryClient(),
  }: { language?: Language; client?: QueryClient } = {},
) => ({
  client,
  ...render(
    <AppProviders queryClient={client} i18n={registerWallTexts(createI18n(language))}>
      {ui}
    </AppProviders>,
  ),
})
