import { messages } from '@palabre/contracts'
import { isDatabaseUnavailable, isDomainError } from '@palabre/domain'
import type { ErrorRequestHandler, RequestHandler } from 'express'
import type { Logger } from '../logger.js'
import { HttpError } from './http-error.js'

interface BodyParserError {
  type?: string
  status?: number
}

/** Why a body could not be read (415). */
export const unreadableBodyMessage =
  'The body must be JSON in UTF-8, uncompressed or compressed with gzip, deflate or br.'

/** Turns anything thrown into one of the vocabulary's answers; a 500 never echoes its cause. */
export const toHttpError = (error: unknown): HttpError => {
  if (error instanceof HttpError) return error
  // A refusal the domain decides (not a member, not found, invalid) keeps its code and message.
  if (isDomainError(error)) return new HttpError(error.code, error.message)
  if (isDatabaseUnavailable(error)) return new HttpError('unavailable', messages.api.unavailable)
  const e = error as BodyParserError
  if (e?.type === 'entity.parse.failed')
    return new HttpError('bad_request', 'The body is not valid JSON.')
  if (e?.type === 'entity.too.large')
    return new HttpError('payload_too_large', 'The body is too large.')
  if (e?.type === 'charset.unsupported' || e?.type === 'encoding.unsupported')
    return new HttpError('unsupported_media_type', unreadableBodyMessage)
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500)
    return new HttpError('bad_request', 'The request could not be read.')
  return new HttpError('internal', 'Something went wrong on our side. Please try again.')
}

export const errorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error, req, res, _next) => {
    const httpError = toHttpError(error)
    if (httpError.status >= 500) (req.log ?? logger).error({ err: error }, 'request failed')
    res.status(httpError.status).json(httpError.toBody())
  }

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError('not_found', `No API call ${req.method} ${req.baseUrl}${req.path}.`))
}
