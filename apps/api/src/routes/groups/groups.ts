import { groupsRoutes } from '@palabre/contracts'
import type { Router } from 'express'
import type { ApiContext } from '../../context.js'
import { assertSelf, mountRoute } from '../../http/route.js'

/** GET /api/groupe/{userPhone}: the signed-in user's folders, last event first. */
export const mountGroups = (router: Router, ctx: ApiContext): void => {
  mountRoute(router, ctx, groupsRoutes.getGroups, async ({ params, caller }) => {
    assertSelf(caller, params.userPhone)
    return { status: 200, body: await ctx.domain.groups.listFor(params.userPhone) }
  })
}
