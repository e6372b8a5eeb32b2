import type { commentsRoutes } from '@palabre/contracts'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { deliverComments } from '../../live/delivered.js'

/** A post's thread and the files of its comments, for the post's participants only. */
export const commentsHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof commentsRoutes> => {
  const { comments } = ctx.domain
  return {
    // A thread read is a delivery of its comments (docs/realtime.md, "Delivery marks").
    getComments: async ({ params, caller }) => ({
      status: 200,
      body: await deliverComments(
        ctx,
        caller.phone,
        await comments.list(caller.phone, params.idPost),
      ),
    }),
    getCommentFiles: async ({ params, caller }) => ({
      status: 200,
      body: await comments.files(caller.phone, params.idPost, 0),
    }),
    getCommentFilesPage: async ({ params, caller }) => ({
      status: 200,
      body: await comments.files(caller.phone, params.idPost, params.n),
    }),
  }
}
