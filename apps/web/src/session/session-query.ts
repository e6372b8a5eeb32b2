import { authRoutes, type UserProfile } from '@palabre/contracts'
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { callRoute } from '../lib/api-client'
import { isApiError } from '../lib/api-error'

export const sessionQueryKey = ['session'] as const

/** The session is the server's (httpOnly cookie): asking `GET /api/auth/me` is the only truth. */
export const fetchSession = async (): Promise<UserProfile | null> => {
  try {
    return await callRoute(authRoutes.getMe)
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null
    throw error
  }
}

export const useSession = () =>
  useQuery({ queryKey: sessionQueryKey, queryFn: fetchSession, staleTime: 60_000 })

/** After a sign-in or sign-up the answer already holds the profile: no second round trip. */
export const storeSession = (client: QueryClient, profile: UserProfile | null): void => {
  client.setQueryData(sessionQueryKey, profile)
}
