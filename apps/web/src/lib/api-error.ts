import type { ErrorCode } from '@palabre/contracts'

/**
 * A failed call, built from the server's `{error:{code,message}}` body. `serverMessage` is set
 * only when the server itself said something, so screens can fall back to the product's messages.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: ErrorCode
  readonly serverMessage: string | undefined
  readonly issues: readonly { path: string; message: string }[]

  constructor(init: {
    status: number
    code: ErrorCode
    message: string
    serverMessage?: string | undefined
    issues?: readonly { path: string; message: string }[] | undefined
  }) {
    super(init.message)
    this.name = 'ApiError'
    this.status = init.status
    this.code = init.code
    this.serverMessage = init.serverMessage
    this.issues = init.issues ?? []
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError

/** The error code the server would use for a bare status, when its body says nothing usable. */
export const codeForStatus = (status: number): ErrorCode => {
  if (status === 0) return 'unavailable'
  if (status === 400) return 'bad_request'
  if (status === 401) return 'unauthenticated'
  if (status === 403) return 'forbidden'
  if (status === 404) return 'not_found'
  if (status === 409) return 'conflict'
  if (status === 413) return 'payload_too_large'
  if (status === 415) return 'unsupported_media_type'
  if (status === 429) return 'too_many_requests'
  if (status === 503) return 'unavailable'
  return 'internal'
}
