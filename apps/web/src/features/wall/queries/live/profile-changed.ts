import type { DirectoryPage, PublicProfile, UserProfile } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { wallKeys } from '../keys'
import { sessionQueryKey } from '../../../../session/session-query'
import { myProfileKey } from '../../../profile'

/**
 * `profileChanged` (docs/realtime.md, "Profiles"): when it is the signed-in person's own, the
 * wall's name (read from the session) takes the new one and their profile is read again when
 * next shown. Anyone's new name, title, team, site or photo shows at once in the directory's pages
 * that hold them, which are read again, since a search may now find them or not (docs/wall.md,
 * "Directory"). Nothing else changes: the wall names contacts as their owner saved them.
 */
export const onProfileChanged = (client: QueryClient, phone: string, profile: PublicProfile) => {
  client.setQueriesData<DirectoryPage>({ queryKey: wallKeys.allDirectory(phone) }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((person) => (person.phone === profile.phone ? profile : person)),
        }
      : page,
  )
  void client.invalidateQueries({ queryKey: wallKeys.allDirectory(phone) })
  if (profile.phone !== phone) return
  client.setQueryData<UserProfile | null>(sessionQueryKey, (session) =>
    session ? { ...session, nomPrenom: profile.name } : session,
  )
  void client.invalidateQueries({ queryKey: myProfileKey })
}
