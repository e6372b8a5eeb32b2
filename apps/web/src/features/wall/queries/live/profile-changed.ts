import type { Contact, DirectoryPage, Group, PublicProfile, UserProfile } from '@palabre/contracts'
import { contactStatuses } from '@palabre/contracts'
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { sessionQueryKey } from '../../../../session/session-query'
import { myProfileKey } from '../../../profile'
import { wallKeys } from '../keys'

/** The person with the photo the profile now has, or none (docs/organisation.md, "Photos"). */
const withPhoto = <T extends { photo?: string | undefined }>(person: T, photo?: string): T => {
  const { photo: _old, ...rest } = person
  return (photo === undefined ? rest : { ...rest, photo }) as T
}

/**
 * `profileChanged` (docs/realtime.md, "Profiles"): when it is the signed-in person's own, the
 * wall's name (read from the session) takes the new one and their profile is read again when
 * next shown. Anyone's new name, title, team, site or photo shows at once in the directory's pages
 * that hold them, which are read again, since a search may now find them or not (docs/wall.md,
 * "Directory"). Elsewhere another person's names stay as their owner saved them, but their photo
 * changes where the wall shows it: in the contacts (a registered contact: one the viewer may see)
 * and the folders' members, from which the cards and bubbles read it.
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
  client.setQueriesData<InfiniteData<Contact[]>>(
    { queryKey: wallKeys.allContacts(phone) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) =>
          page.map((contact) =>
            contact.phone === profile.phone && contact.status === contactStatuses.registered
              ? withPhoto(contact, profile.photo)
              : contact,
          ),
        ),
      },
  )
  client.setQueryData<Group[]>(wallKeys.groups(phone), (folders) =>
    folders?.map((folder) =>
      folder.participants.some((member) => member.phone === profile.phone)
        ? {
            ...folder,
            participants: folder.participants.map((member) =>
              member.phone === profile.phone ? withPhoto(member, profile.photo) : member,
            ),
          }
        : folder,
    ),
  )
  if (profile.phone !== phone) return
  client.setQueryData<UserProfile | null>(sessionQueryKey, (session) =>
    session ? withPhoto({ ...session, nomPrenom: profile.name }, profile.photo) : session,
  )
  void client.invalidateQueries({ queryKey: myProfileKey })
}
