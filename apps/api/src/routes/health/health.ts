import { getHealth } from '@palabre/contracts'
import { isDatabaseUp } from '@palabre/domain'
import type { Router } from 'express'
import type { ApiContext } from '../../context.js'
import { mountRoute } from '../../http/route.js'

export const mountHealth = (router: Router, ctx: ApiContext): void => {
  mountRoute(router, ctx, getHealth, async () => {
    if (await isDatabaseUp(ctx.domain.connection))
      return { status: 200, body: { status: 'ok', db: 'up' } }
    return {
      status: 503,
      body: { error: { code: 'unavailable', message: 'The database does not answer.' } },
    }
  })
}
