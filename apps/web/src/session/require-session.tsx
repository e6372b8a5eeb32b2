import type { UserProfile } from '@palabre/contracts'
import { Navigate, Outlet, useOutletContext } from 'react-router-dom'
import { LoadingScreen } from '../components/loading-screen'
import { useSession } from './session-query'

/**
 * Guard of the wall, discussion and reader routes. No session sends the visitor to the landing
 * page (docs/behaviour.md, "Screens and routes"). A server that cannot answer counts as no session: nothing guarded can work.
 */
export const RequireSession = () => {
  const session = useSession()
  if (session.isPending) return <LoadingScreen />
  if (session.isError || session.data === null) return <Navigate to="/landing-page" replace />
  return <Outlet context={session.data satisfies UserProfile} />
}

/** The signed-in profile, inside a guarded route. */
export const useProfile = (): UserProfile => useOutletContext<UserProfile>()
