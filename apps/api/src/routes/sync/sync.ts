import { syncRoutes } from '@palabre/contracts'
import type { Router } from 'express'
import type { ApiContext } from '../../context.js'
import { mountRoute } from '../../http/route.js'

/** GET /api/sync?since=<seq>: the signed-in user's inbox changes since a sequence (catch-up). */
export const mountSync = (router: Router, ctx: ApiContext): void => {
  mountRoute(router, ctx, syncRoutes.getSync, async ({ query, caller }) => ({
    status: 200,
    body: await ctx.domain.sync.changesSince(caller.phone, query.since),
  }))
}
