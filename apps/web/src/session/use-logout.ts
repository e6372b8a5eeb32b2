import { authRoutes } from '@palabre/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { callRoute } from '../lib/api-client'
import { storeSession } from './session-query'

/**
 * Log-out: ask the server to end the session, then forget everything cached for this user and
 * go to auth (docs/behaviour.md, "Screens and routes"). The local state is dropped even if the call fails, so a dead server does
 * not keep a stale wall on screen.
 */
export const useLogout = () => {
  const client = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => callRoute(authRoutes.logout),
    onSettled: async () => {
      await client.cancelQueries()
      client.clear()
      storeSession(client, null)
      await navigate('/auth', { replace: true })
    },
  })
}
