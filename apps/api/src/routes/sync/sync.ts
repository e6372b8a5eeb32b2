import type { syncRoutes } from '@palabre/contracts'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'

/** GET /api/sync?since=<seq>: the signed-in user's inbox changes since a sequence (catch-up). */
export const syncHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof syncRoutes> => {
  return {
    getSync: async ({ query, caller }) => ({
      status: 200,
      body: await ctx.domain.sync.changesSince(caller.phone, query.since),
    }),
  }
}
