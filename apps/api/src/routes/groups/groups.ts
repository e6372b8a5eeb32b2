import type { groupsRoutes } from '@palabre/contracts'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'

/**
 * GET /api/groupe/{userPhone}: the signed-in user's folders, last event first; the path's phone
 * is the caller's own (the contract's `self`, checked by mountRoute).
 */
export const groupsHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof groupsRoutes> => {
  return {
    getGroups: async ({ caller }) => ({
      status: 200,
      body: await ctx.domain.groups.listFor(caller.phone),
    }),
  }
}
