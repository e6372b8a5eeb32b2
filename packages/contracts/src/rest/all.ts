import { adminRoutes } from './admin.js'
import { announcementRoutes } from './announcements.js'
import { authRoutes } from './auth.js'
import { commentsRoutes } from './comments.js'
import { contactsRoutes } from './contacts.js'
import { directoryRoutes } from './directory.js'
import { exportRoutes } from './export.js'
import { filesRoutes } from './files.js'
import { groupsRoutes } from './groups.js'
import { getHealth } from './health.js'
import { otpRoutes } from './otp.js'
import { pollsRoutes } from './polls.js'
import { postsRoutes } from './posts.js'
import { profileRoutes } from './profile.js'
import { syncRoutes } from './sync.js'
import { usersRoutes } from './users.js'

/** Every REST call of the product, by name. The OpenAPI document is generated from this. */
export const restRoutes = {
  getHealth,
  ...authRoutes,
  ...otpRoutes,
  ...usersRoutes,
  ...profileRoutes,
  ...directoryRoutes,
  ...contactsRoutes,
  ...groupsRoutes,
  ...postsRoutes,
  ...commentsRoutes,
  ...syncRoutes,
  ...pollsRoutes,
  ...filesRoutes,
  ...adminRoutes,
  ...announcementRoutes,
  ...exportRoutes,
} as const
