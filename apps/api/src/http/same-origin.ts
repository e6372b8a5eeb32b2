import { originPolicy } from '@palabre/domain'
import type { OriginPolicy } from '@palabre/domain'
import type { RequestHandler } from 'express'
import type { ApiConfig } from '../config.js'
import { HttpError } from './http-error.js'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Which pages are ours, by the api's configuration (docs/security.md, "Cross-site requests"). */
export const apiOriginPolicy = (
  config: Pick<ApiConfig, 'publicUrl' | 'env' | 'trustProxy'>,
): OriginPolicy =>
  originPolicy({
    publicUrl: config.publicUrl,
    development: config.env === 'development',
    trustProxy: config.trustProxy,
  })

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
