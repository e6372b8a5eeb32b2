import type { groupsRoutes } from '@palabre/contracts'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { assertSelf } from '../../http/route.js'

/** GET /api/groupe/{userPhone}: the signed-in user's folders, last event first. */
export const groupsHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof groupsRoutes> => {
  return {
    getGroups: async ({ params, caller }) => {
      assertSelf(caller, params.userPhone)
      return { status: 200, body: await ctx.domain.groups.listFor(params.userPhone) }
    },
  }
}
