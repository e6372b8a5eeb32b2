import { commentsRoutes } from '@palabre/contracts'
import type { Router } from 'express'
import type { ApiContext } from '../../context.js'
import { mountRoute } from '../../http/route.js'
import { domainCall } from '../posts/domain-call.js'

/** A post's thread and the files of its comments, for the post's participants only. */
export const mountComments = (router: Router, ctx: ApiContext): void => {
  const { comments } = ctx.domain

  mountRoute(router, ctx, commentsRoutes.getComments, async ({ params, caller }) => ({
    status: 200,
    body: await domainCall(() => comments.list(caller.phone, params.idPost)),
  }))

  mountRoute(router, ctx, commentsRoutes.getCommentFiles, async ({ params, caller }) => ({
    status: 200,
    body: await domainCall(() => comments.files(caller.phone, params.idPost, 0)),
  }))

  mountRoute(router, ctx, commentsRoutes.getCommentFilesPage, async ({ params, caller }) => ({
    status: 200,
    body: await domainCall(() => comments.files(caller.phone, params.idPost, params.n)),
  }))
}
