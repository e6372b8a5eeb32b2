import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { HttpError } from '../../http/http-error.js'

const noUser = () => new HttpError('not_found', 'This user does not exist.')

/**
 * The documented profile reads, as one-item arrays, for the signed-in phone only: their
 * contracts name the path's phone as the caller's own (`self`), which mountRoute checks.
 */
export const profileHandlers = (
  ctx: ApiContext,
): AreaHandlers<'getUser' | 'getUserWithRepertoire'> => {
  return {
    getUser: async ({ caller }) => {
      const user = await ctx.domain.users.findByPhone(caller.phone)
      if (!user) throw noUser()
      return { status: 200, body: [user] }
    },
    getUserWithRepertoire: async ({ caller }) => {
      const user = await ctx.domain.users.findByPhone(caller.phone)
      if (!user) throw noUser()
      const repertoire = await ctx.domain.contacts.list(caller.phone)
      return { status: 200, body: [{ ...user, repertoire }] }
    },
  }
}
