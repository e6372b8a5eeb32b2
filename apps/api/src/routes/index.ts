import type { Router } from 'express'
import type { ApiContext } from '../context.js'
import { mountAuth } from './auth/auth.js'
import { mountDocs } from './docs/docs.js'
import { mountHealth } from './health/health.js'
import { mountOtp } from './otp/otp.js'
import { mountUsers } from './users/users.js'
import { mountContacts } from './contacts/contacts.js'
import { mountGroups } from './groups/groups.js'
import { mountPosts } from './posts/posts.js'
import { mountComments } from './comments/comments.js'
import { mountSync } from './sync/sync.js'

/** Every area of the api. Each area lives in its own folder and mounts its contract routes. */
export const mountRoutes = (router: Router, ctx: ApiContext): void => {
  mountHealth(router, ctx)
  mountAuth(router, ctx)
  mountOtp(router, ctx)
  mountUsers(router, ctx)
  mountContacts(router, ctx)
  mountGroups(router, ctx)
  mountPosts(router, ctx)
  mountComments(router, ctx)
  mountSync(router, ctx)
  mountDocs(router)
}
