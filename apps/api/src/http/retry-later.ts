import type { Response } from 'express'
import { HttpError } from './http-error.js'

/**
 * A 429 that says when to come back: the Retry-After header, and `retryAfterSeconds` in the
 * error body so the web can restart its countdown.
 */
export class RetryLaterError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('too_many_requests', message)
  }

  override toBody() {
    const body = super.toBody()
    return { error: { ...body.error, retryAfterSeconds: this.retryAfterSeconds } }
  }
}

export const retryLater = (
  res: Response,
  message: string,
  retryAfterSeconds: number,
): RetryLaterError => {
  res.set('Retry-After', String(retryAfterSeconds))
  return new RetryLaterError(message, retryAfterSeconds)
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`

/** '59 seconds', '12 minutes': for messages people read. */
export const waitText = (seconds: number): string =>
  seconds < 120 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute')
