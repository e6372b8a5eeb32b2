import type { PublicProfile, UserProfile } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { sessionQueryKey } from '../../../../session/session-query'
import { myProfileKey } from '../../../profile'

/**
 * `profileChanged` (docs/realtime.md, "Profiles"): when it is the signed-in person's own, the
 * wall's name (read from the session) takes the new one and their profile is read again when
 * next shown. Another person's changes nothing here: the wall names contacts as their owner
 * saved them.
 */
export const onProfileChanged = (client: QueryClient, phone: string, profile: PublicProfile) => {
  if (profile.phone !== phone) return
  client.setQueryData<UserProfile | null>(sessionQueryKey, (session) =>
    session ? { ...session, nomPrenom: profile.name } : session,
  )
  void client.invalidateQueries({ queryKey: myProfileKey })
}
