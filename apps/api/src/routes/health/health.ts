import { getHealth } from '@palabre/contracts'
import { isDatabaseUp } from '@palabre/domain'
import type { Router } from 'express'
import type { ApiContext } from '../../context.js'
import { mountRoute } from '../../http/route.js'

/** Readiness for load balancers and operators: the database must answer a ping within 1 s. */
export const mountHealth = (router: Router, ctx: ApiContext): void => {
  mountRoute(router, ctx, getHealth, async () => {
    if (await isDatabaseUp(ctx.domain.connection))
      return { status: 200, body: { status: 'ok', db: 'up' } }
    return { status: 503, body: { status: 'unavailable', db: 'down' } }
  })
}
