import type { OriginPolicy } from '@palabre/domain'
import type { RequestHandler } from 'express'
import { HttpError } from './http-error.js'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a state-changing call that a page of another origin makes with the user's cookie
 * (docs/security.md, "Cross-site requests"): a present Origin must be our public one.
 */
export const sameOriginWrites =
  (policy: OriginPolicy): RequestHandler =>
  (req, _res, next) => {
    if (READS.has(req.method) || policy.allows(req.headers.origin)) {
      next()
      return
    }
    next(new HttpError('forbidden', 'Requests from another site are refused.'))
  }
