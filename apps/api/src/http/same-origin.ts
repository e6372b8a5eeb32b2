import type { OriginPolicy } from '@palabre/domain'
import type { RequestHandler } from 'express'
import { HttpError } from './http-error.js'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a state-changing call that a page of another origin makes with the user's cookie
 * (docs/security.md, "Cross-site requests"): a present Origin must be our own, PUBLIC_URL's or,
 * without it, the very address of this machine the request was sent to.
 */
export const sameOriginWrites =
  (policy: OriginPolicy): RequestHandler =>
  (req, _res, next) => {
    if (READS.has(req.method) || policy.allows(req)) {
      next()
      return
    }
    next(new HttpError('forbidden', 'Requests from another site are refused.'))
  }
