import type { syncRoutes } from '@palabre/contracts'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { deliverComments, deliverPosts } from '../../live/delivered.js'

/** The most comments one catch-up hands over; the rest come with their threads. */
export const SYNC_COMMENTS_LIMIT = 200

/**
 * GET /api/sync?since=<seq>: the signed-in user's inbox changes since a sequence, and the
 * comments addressed to them that their client has not received (docs/realtime.md, "Catch-up").
 * Everything it hands over is delivered.
 */
export const syncHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof syncRoutes> => {
  return {
    getSync: async ({ query, caller }) => {
      const viewer = caller.phone
      const changes = await ctx.domain.sync.changesSince(viewer, query.since)
      const comments = await ctx.domain.comments.undelivered(viewer, SYNC_COMMENTS_LIMIT)
      return {
        status: 200,
        body: {
          ...changes,
          posts: await deliverPosts(ctx, viewer, changes.posts),
          comments: await deliverComments(ctx, viewer, comments),
        },
      }
    },
  }
}
