import { profileRoutes, type UpdateMyProfile } from '@palabre/contracts'
import { callRoute } from '../../lib/api-client'

// The signed-in person's own profile (docs/organisation.md, "Profiles").
export { myProfileKey } from './profile-key'

export const fetchMyProfile = (signal?: AbortSignal) =>
  callRoute(profileRoutes.getMyProfile, signal ? { signal } : {})

export const saveMyProfile = (body: UpdateMyProfile) =>
  callRoute(profileRoutes.patchMyProfile, { body })
