import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'

/**
 * The organisation's directory (docs/organisation.md, "The directory"): the people the caller
 * may see. The session is checked before the query is read (mountRoute, docs/security.md).
 */
export const directoryHandlers = (ctx: ApiContext): AreaHandlers<'getDirectory'> => ({
  getDirectory: async ({ caller, query }) => ({
    status: 200,
    body: await ctx.domain.directory.page(caller.phone, query),
  }),
})
