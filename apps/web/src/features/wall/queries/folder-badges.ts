import { hasSeen, type Group, type PostData } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { wallKeys } from './keys'

/**
 * Whether the server counts a post in its folders' unread badges (`nbrNotifNonLu`), as it marks
 * the viewer's inbox entry unread: a post new to the viewer, or one with comments they have not
 * read (docs/wall.md, "Live updates").
 */
export const countsAsUnread = (post: PostData, viewer: string): boolean =>
  (post.data.emetr_phone !== viewer && !hasSeen(post)) || post.cmtnonlu > 0

/**
 * A post of the viewer's changed from `before` (undefined: the tab did not have it) to `after`:
 * each of its folders' badges moves as the server's count does, one post at most once, never
 * below 0. The server's own count comes back with the folder list on every reconnection.
 */
export const moveFolderBadges = (
  client: QueryClient,
  phone: string,
  before: PostData | undefined,
  after: PostData,
): void => {
  const was = before !== undefined && countsAsUnread(before, phone)
  const delta = Number(countsAsUnread(after, phone)) - Number(was)
  const ids = new Set(after.data.groups.map((group) => group.idGroup))
  if (delta === 0 || ids.size === 0) return
  const key = wallKeys.groups(phone)
  client.setQueryData<Group[]>(key, (list) =>
    list?.map((group) =>
      ids.has(group.idGroup)
        ? { ...group, nbrNotifNonLu: Math.max(0, group.nbrNotifNonLu + delta) }
        : group,
    ),
  )
  // A read of the list on its way left before this change and may come back without it (the
  // server counts a new post after sending it): it is dropped, the list kept as it is now.
  if (client.isFetching({ queryKey: key, exact: true }) > 0)
    void client.cancelQueries({ queryKey: key, exact: true }, { revert: false })
}
