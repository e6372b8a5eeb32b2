import { errorCodes } from '@palabre/contracts'
import type { ErrorBody, ErrorCode } from '@palabre/contracts'

/** The one error type handlers throw; the error middleware turns it into `{error:{code,message}}`. */
export class HttpError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
    status?: number,
  ) {
    super(message)
    this.status = status ?? errorCodes[code]
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.issues ? { issues: this.issues } : {}),
      },
    }
  }
}

export const notFound = (message = 'Not found.') => new HttpError('not_found', message)
export const forbidden = (message = 'You are not allowed to do this.') =>
  new HttpError('forbidden', message)
export const unauthenticated = (message = 'Please sign in.') =>
  new HttpError('unauthenticated', message)
