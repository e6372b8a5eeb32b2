import { contactsRoutes, directoryRoutes, type DirectoryPage } from '@palabre/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { callRoute } from '../../../lib/api-client'
import { wallKeys } from './keys'

/**
 * One page of the organisation's directory (docs/wall.md, "Directory"): the people the viewer
 * may see whose name, title, team or site has the word, from offset `n`; the page on screen
 * stays while the next one loads.
 */
export const useDirectoryPage = (phone: string, word: string, n: number) =>
  useQuery({
    queryKey: wallKeys.directory(phone, word, n),
    queryFn: ({ signal }): Promise<DirectoryPage> =>
      callRoute(directoryRoutes.getDirectory, {
        query: word === '' ? { n } : { q: word, n },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

/**
 * The viewer's own contact of that phone, read from their whole repertoire (docs/wall.md,
 * "Directory"): a person saved already keeps the name the viewer gave them.
 */
export const findContact = async (
  viewerPhone: string,
  phone: string,
): Promise<{ name: string; phone: string } | null> => {
  const [me] = await callRoute(contactsRoutes.getRepertoireWithStatus, {
    params: { userPhone: viewerPhone },
  })
  const known = me?.repertoire.find((contact) => contact.phone === phone)
  return known ? { name: known.name, phone: known.phone } : null
}
