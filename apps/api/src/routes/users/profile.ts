import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { HttpError } from '../../http/http-error.js'
import { assertSelf } from '../../http/route.js'

const noUser = () => new HttpError('not_found', 'This user does not exist.')

/** The documented profile reads, as one-item arrays, for the signed-in phone only. */
export const profileHandlers = (
  ctx: ApiContext,
): AreaHandlers<'getUser' | 'getUserWithRepertoire'> => {
  return {
    getUser: async ({ params, caller }) => {
      assertSelf(caller, params.phone)
      const user = await ctx.domain.users.findByPhone(params.phone)
      if (!user) throw noUser()
      return { status: 200, body: [user] }
    },
    getUserWithRepertoire: async ({ params, caller }) => {
      assertSelf(caller, params.phone)
      const user = await ctx.domain.users.findByPhone(params.phone)
      if (!user) throw noUser()
      const repertoire = await ctx.domain.contacts.list(params.phone)
      return { status: 200, body: [{ ...user, repertoire }] }
    },
  }
}
