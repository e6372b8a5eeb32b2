import type { Contact, Group, UserProfile } from '@palabre/contracts'
import { createContext, useContext, useMemo } from 'react'

/**
 * People's photos by phone, as the wall knows them (docs/organisation.md, "Photos"): from the
 * contacts and the folders' members lists, which carry them, kept live by `profileChanged`. The
 * post cards and comment bubbles read their sender's here; the person's own comes with their session.
 */
export type PhotoOf = (phone: string) => string | undefined

const PeoplePhotosContext = createContext<PhotoOf>(() => undefined)

export const PeoplePhotosProvider = PeoplePhotosContext.Provider

export const usePhotoOf = (): PhotoOf => useContext(PeoplePhotosContext)

/**
 * The lookup of the lists' photos; a contact's wins over a folder member's; the person's own from
 * their session.
 */
export const usePeoplePhotos = (
  contacts: readonly Contact[],
  folders: readonly Group[],
  self: Pick<UserProfile, 'phone' | 'photo'>,
): PhotoOf =>
  useMemo(() => {
    const photos = new Map<string, string>()
    for (const folder of folders)
      for (const member of folder.participants)
        if (member.photo) photos.set(member.phone, member.photo)
    for (const contact of contacts) if (contact.photo) photos.set(contact.phone, contact.photo)
    if (self.photo) photos.set(self.phone, self.photo)
    return (phone: string) => photos.get(phone)
  }, [contacts, folders, self.phone, self.photo])
