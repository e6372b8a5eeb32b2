import { isDatabaseUp } from '@palabre/domain'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'

/** Readiness for load balancers and operators: the database must answer a ping within 1 s. */
export const healthHandlers = (ctx: ApiContext): AreaHandlers<'getHealth'> => ({
  getHealth: async () => {
    if (await isDatabaseUp(ctx.domain.connection))
      return { status: 200, body: { status: 'ok', db: 'up' } }
    return { status: 503, body: { status: 'unavailable', db: 'down' } }
  },
})
