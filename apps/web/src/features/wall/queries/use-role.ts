import { authRoutes, type Role, type UserProfile } from '@palabre/contracts'
import { useQuery } from '@tanstack/react-query'
import { callRoute } from '../../../lib/api-client'
import { roleOf } from '../../../session/role'
import { sessionQueryKey } from '../../../session/session-query'

/**
 * The signed-in person's role: the session's, else `GET /api/auth/me` asked once; undefined
 * until it is known, or if it cannot be.
 */
export const useRole = (profile: UserProfile): Role | undefined => {
  const known = roleOf(profile)
  const asked = useQuery({
    queryKey: [...sessionQueryKey, 'role', profile.phone],
    queryFn: async ({ signal }) => (await callRoute(authRoutes.getMe, { signal })).role,
    enabled: known === undefined,
    staleTime: Infinity,
  })
  return known ?? asked.data
}

/** Whether the signed-in person is an administrator; taken for a member until it is known. */
export const useIsAdministrator = (profile: UserProfile): boolean => useRole(profile) === 'admin'
