import { roleSchema } from '@palabre/contracts'
import type { Role, UserProfile } from '@palabre/contracts'

/**
 * The role a session's profile carries (docs/organisation.md, "Roles"): sign-in and
 * `GET /api/auth/me` answer it; undefined when the profile has none (a profile stored by an
 * older answer).
 */
export const roleOf = (profile: UserProfile): Role | undefined => {
  const parsed = roleSchema.safeParse((profile as { role?: unknown }).role)
  return parsed.success ? parsed.data : undefined
}
