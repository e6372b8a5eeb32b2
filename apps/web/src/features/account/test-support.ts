/**
 * Test helpers of the account screens: the api they call, stubbed at `fetch`. Imported by test
 * files only: nothing of the app imports it, so it is never bundled.
 */
import type { ErrorCode } from '@palabre/contracts'
import { vi } from 'vitest'

/** A JSON answer of the server. */
export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A refusal in the server's error shape. */
export const refusal = (status: number, code: ErrorCode, message: string): Response =>
  jsonResponse({ error: { code, message } }, status)

/** What a code step answers when it went well. */
export const codeSent = () => jsonResponse({ status: 'sent' })
export const codeVerified = () => jsonResponse({ status: 'verified' })

/**
 * Stubs `fetch`: each call is answered by the entry of `answers` named by its path
 * ('/api/otp/send'); any other path answers 404. Returns the mock, whose calls tell what was
 * sent; restore with `vi.unstubAllGlobals()`.
 */
export const stubApi = (answers: Record<string, () => Response>) => {
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString()
    const answer = answers[url]
    return Promise.resolve(
      answer === undefined ? refusal(404, 'not_found', 'No such call.') : answer(),
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The body of the last call to `path`, as sent. */
export const sentTo = (fetchMock: ReturnType<typeof stubApi>, path: string): unknown => {
  const call = fetchMock.mock.calls.findLast(([input]) => String(input) === path)
  const body = call?.[1]?.body
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined
}
