import type { Router } from 'express'
import type { ApiContext } from '../context.js'
import { adminHandlers } from './admin/admin.js'
import { announcementsHandlers } from './announcements/announcements.js'
import { mountRouteTable, servedRoutes } from '../http/route-table.js'
import type { RouteTable } from '../http/route-table.js'
import { authHandlers } from './auth/auth.js'
import { commentsHandlers } from './comments/comments.js'
import { contactsHandlers } from './contacts/contacts.js'
import { directoryHandlers } from './directory/directory.js'
import { exportHandlers } from './export/export.js'
import { filesHandlers } from './files/files.js'
import { mountDocs } from './docs/docs.js'
import { groupsHandlers } from './groups/groups.js'
import { healthHandlers } from './health/health.js'
import { otpHandlers } from './otp/otp.js'
import { pollsHandlers } from './polls/polls.js'
import { postsHandlers } from './posts/posts.js'
import { syncHandlers } from './sync/sync.js'
import { usersHandlers } from './users/users.js'

/** Every contract entry of the api and what serves it; each area lives in its own folder. */
export const routeTable = (ctx: ApiContext): RouteTable => ({
  ...healthHandlers(ctx),
  ...authHandlers(ctx),
  ...otpHandlers(ctx),
  ...usersHandlers(ctx),
  ...directoryHandlers(ctx),
  ...contactsHandlers(ctx),
  ...groupsHandlers(ctx),
  ...postsHandlers(ctx),
  ...commentsHandlers(ctx),
  ...syncHandlers(ctx),
  ...pollsHandlers(ctx),
  ...filesHandlers(ctx),
  ...adminHandlers(ctx),
  ...announcementsHandlers(ctx),
  ...exportHandlers(ctx),
})

export const mountRoutes = (router: Router, ctx: ApiContext): void => {
  const table = routeTable(ctx)
  mountRouteTable(router, ctx, table)
  // The published document lists what is served, nothing more.
  mountDocs(router, servedRoutes(table))
}
