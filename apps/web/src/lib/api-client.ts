import { buildPath, errorBodySchema, type RouteContract } from '@palabre/contracts'
import type { z } from 'zod'
import { ApiError, codeForStatus } from './api-error'

type SuccessStatus = 200 | 201 | 202 | 204

/** The parsed body of any 2xx answer a route declares. */
export type RouteSuccess<R extends RouteContract> = {
  [S in keyof R['responses'] & SuccessStatus]: R['responses'][S] extends z.ZodType
    ? z.output<R['responses'][S]>
    : never
}[keyof R['responses'] & SuccessStatus]

export interface CallInput<R extends RouteContract> {
  params?: z.input<R['params']>
  query?: z.input<R['query']>
  body?: z.input<R['body']> | FormData
  signal?: AbortSignal
  /** The request outlives the page (a report sent as the page is hidden or left). */
  keepalive?: boolean
}

const toSearch = (query: unknown): string => {
  if (query === null || typeof query !== 'object') return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value))
  }
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** Any message the server put in a failed answer, in our error shape or the legacy `{message}`. */
const failureOf = (status: number, body: unknown): ApiError => {
  const parsed = errorBodySchema.safeParse(body)
  if (parsed.success) {
    const { code, message, issues } = parsed.data.error
    return new ApiError({ status, code, message, serverMessage: message, issues })
  }
  const legacy =
    body !== null && typeof body === 'object' && 'message' in body
      ? (body as { message: unknown }).message
      : undefined
  const serverMessage = typeof legacy === 'string' && legacy !== '' ? legacy : undefined
  return new ApiError({
    status,
    code: codeForStatus(status),
    message: serverMessage ?? `Request failed with status ${status}`,
    serverMessage,
  })
}

/**
 * Calls one REST route of the contracts: the path comes from the route object, never retyped.
 * Answers are checked against the route's schema for their status, so a drifting server shows
 * up as an error here rather than as a broken screen later.
 */
export const callRoute = async <R extends RouteContract>(
  route: R,
  input: CallInput<R> = {},
  /** The app calls its own origin; tests and tools may name another server. */
  options: { baseUrl?: string } = {},
): Promise<RouteSuccess<R>> => {
  const path = buildPath(route.path, (input.params ?? {}) as Record<string, string | number>)
  const headers: Record<string, string> = { accept: 'application/json' }
  let body: BodyInit | undefined
  if (input.body instanceof FormData) body = input.body
  else if (input.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(input.body)
  }

  let response: Response
  try {
    response = await fetch(`${options.baseUrl ?? ''}${path}${toSearch(input.query)}`, {
      method: route.method.toUpperCase(),
      headers,
      body,
      credentials: 'same-origin',
      signal: input.signal ?? null,
      ...(input.keepalive === true ? { keepalive: true } : {}),
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError({ status: 0, code: 'unavailable', message: 'The server cannot be reached.' })
  }

  if (route.responseKind === 'binary' && response.ok) return (await response.blob()) as never
  const payload = route.responseKind === 'text' ? await response.text() : await readBody(response)
  if (!response.ok) throw failureOf(response.status, payload)

  const schema = (route.responses as Record<number, z.ZodType | undefined>)[response.status]
  if (schema === undefined) return payload as RouteSuccess<R>
  const parsed = schema.safeParse(payload)
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'internal',
      message: `Unexpected answer from ${route.method.toUpperCase()} ${route.path}`,
    })
  }
  return parsed.data as RouteSuccess<R>
}
