import { isPollFileName, postsPerPage, type Comment, type PostData } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { keepPostMarksOf } from './keep-marks'
import { readCountKey, readPageKey, wallKeys } from './keys'

/**
 * Whether a post belongs to a scope (docs/wall.md, "Placement of a new post"): every post is on
 * the general wall; a folder's posts name the folder; a contact's posts are the direct posts
 * (no folder) between the viewer and that contact. A post with folders may still be on a
 * contact's wall by the server's rules, which the client cannot tell: 'unknown', reload.
 */
export const postInScope = (post: PostData, scope: string, viewer: string): boolean | 'unknown' => {
  if (scope === 'general') return true
  if (scope.startsWith('folder:')) {
    const id = scope.slice('folder:'.length)
    return post.data.groups.some((g) => g.idGroup === id)
  }
  const contact = scope.slice('contact:'.length)
  if (post.data.groups.length > 0) return 'unknown'
  return post.data.emetr_phone === viewer
    ? post.data.destinataires.some((r) => r.phone === contact)
    : post.data.emetr_phone === contact
}

const idOf = (post: PostData) => post.data.idPostEmet

/** Every post item the cache holds for this user (pages and single posts), by id. */
export const cachedPosts = (client: QueryClient, phone: string): Map<string, PostData> => {
  const found = new Map<string, PostData>()
  for (const [, list] of client.getQueriesData<PostData[]>({ queryKey: wallKeys.pages(phone) }))
    for (const post of list ?? []) found.set(idOf(post), post)
  for (const [, post] of client.getQueriesData<PostData | null>({
    queryKey: wallKeys.posts(phone),
  }))
    if (post) found.set(idOf(post), post)
  return found
}

export const findPost = (client: QueryClient, phone: string, id: string): PostData | undefined =>
  client.getQueryData<PostData | null>(wallKeys.post(phone, id)) ??
  cachedPosts(client, phone).get(id)

/** Whether the viewer confirmed an announcement (docs/wall.md, "Announcements"). */
export const isConfirmed = (post: PostData): boolean =>
  typeof post.data.announcement?.confirmedAt === 'string'

/**
 * Changes a pinned announcement where the pinned list holds it, in its place there, so the copy
 * the wall shows stays up to date; one that is now confirmed leaves the list (docs/wall.md,
 * "Announcements").
 */
const changePinned = (
  client: QueryClient,
  phone: string,
  id: string,
  change: (post: PostData) => PostData,
): void => {
  const list = client.getQueryData<PostData[]>(wallKeys.pinned(phone))
  if (!list?.some((p) => idOf(p) === id)) return
  client.setQueryData(
    wallKeys.pinned(phone),
    list.map((p) => (idOf(p) === id ? change(p) : p)).filter((p) => !isConfirmed(p)),
  )
}

/** Changes one post wherever the cache holds it. */
export const updatePost = (
  client: QueryClient,
  phone: string,
  id: string,
  change: (post: PostData) => PostData,
): void => {
  client.setQueriesData<PostData[]>({ queryKey: wallKeys.pages(phone) }, (list) =>
    list?.some((p) => idOf(p) === id) ? list.map((p) => (idOf(p) === id ? change(p) : p)) : list,
  )
  const single = client.getQueryData<PostData | null>(wallKeys.post(phone, id))
  if (single) client.setQueryData(wallKeys.post(phone, id), change(single))
  changePinned(client, phone, id, change)
}

/**
 * Reads a query again after a change, even while a read of it is on its way: that read's answer
 * may predate the change. An invalidation alone would share a first read rather than restart
 * it, so a read on its way is cancelled first. `queryKey` may name several (a prefix).
 */
const readAgain = async (client: QueryClient, queryKey: readonly unknown[]): Promise<void> => {
  await client.cancelQueries({ queryKey })
  await client.invalidateQueries({ queryKey })
}

/**
 * Writes a page of posts the server may be answering for at this very moment: that answer was
 * asked for before this write and would bring the page back as it was, dropping the post just
 * placed. The page is then read again (docs/wall.md, "Placement of a new post").
 */
const writePage = (client: QueryClient, key: readonly unknown[], list: PostData[]): void => {
  client.setQueryData(key, list)
  if (client.isFetching({ queryKey: key, exact: true }) > 0) void readAgain(client, key)
}

/**
 * Puts a post that is new or has new activity where it belongs (docs/wall.md, "Placement of a
 * new post"): at the top of the first page of each unsearched scope it is in. Where the client
 * cannot place it exactly (later pages, searches, a scope it cannot decide), the query is marked
 * stale, and refetched if on screen: nothing is guessed, nothing is emptied.
 */
export const placePost = (
  client: QueryClient,
  phone: string,
  post: PostData,
  options: { toTop: boolean },
): void => {
  const id = idOf(post)
  for (const [key, list] of client.getQueriesData<PostData[]>({
    queryKey: wallKeys.pages(phone),
  })) {
    const parts = readPageKey(key)
    if (!parts || !list) continue
    const inScope = postInScope(post, parts.scope, phone)
    const index = list.findIndex((p) => idOf(p) === id)
    const replaced = () =>
      writePage(
        client,
        key,
        list.map((p) => (idOf(p) === id ? keepPostMarksOf(post, p) : p)),
      )
    if (!options.toTop) {
      // No new activity: the post changes where it is, and goes nowhere else.
      if (index >= 0) replaced()
    } else if (parts.page === 0 && parts.word === '' && inScope === true) {
      const rest = list.filter((p) => idOf(p) !== id)
      const held = index >= 0 ? list[index] : undefined
      writePage(client, key, [keepPostMarksOf(post, held), ...rest].slice(0, postsPerPage))
    } else if (inScope !== false) {
      if (index >= 0) replaced()
      void client.invalidateQueries({ queryKey: key, exact: true })
    }
  }
  const single = client.getQueryData<PostData | null>(wallKeys.post(phone, id))
  if (single !== undefined)
    client.setQueryData(wallKeys.post(phone, id), keepPostMarksOf(post, single))
  changePinned(client, phone, id, (held) => keepPostMarksOf(post, held))
}

/** A post the person is no longer part of leaves every list. */
export const removePost = (client: QueryClient, phone: string, id: string): void => {
  client.setQueriesData<PostData[]>({ queryKey: wallKeys.pages(phone) }, (list) =>
    list?.some((p) => idOf(p) === id) ? list.filter((p) => idOf(p) !== id) : list,
  )
  if (client.getQueryData(wallKeys.post(phone, id)) !== undefined)
    client.setQueryData(wallKeys.post(phone, id), null)
  client.setQueryData<PostData[]>(wallKeys.pinned(phone), (list) =>
    list?.some((p) => idOf(p) === id) ? list.filter((p) => idOf(p) !== id) : list,
  )
}

/**
 * A post the tab did not hold adds one to the count of each unsearched scope it is in. The
 * server cannot be asked at once: it sends a post to its recipients before it writes the
 * entries it counts (docs/realtime.md, "Acknowledgements"). Searched counts, and scopes the
 * client cannot decide, are recounted by the server when next on screen.
 */
export const countNewPost = (client: QueryClient, phone: string, post: PostData): void => {
  for (const [key, count] of client.getQueriesData<number>({ queryKey: wallKeys.counts(phone) })) {
    const parts = readCountKey(key)
    if (!parts || count === undefined) continue
    const inScope = postInScope(post, parts.scope, phone)
    if (parts.word === '' && inScope === true) client.setQueryData(key, count + 1)
    else if (inScope !== false) void client.invalidateQueries({ queryKey: key, exact: true })
  }
}

/** The server recounts every scope on screen. */
export const recount = (client: QueryClient, phone: string): Promise<void> =>
  readAgain(client, wallKeys.counts(phone))

/**
 * A post with one more comment (docs/wall.md, "Live updates"): its total and last-event date
 * move, and the viewer's unread count too unless the comment is on screen or their own.
 */
export const withNewComment = (post: PostData, comment: Comment, unread: boolean): PostData => ({
  ...post,
  cmtnonlu: unread ? post.cmtnonlu + 1 : post.cmtnonlu,
  data: {
    ...post.data,
    totalcmt: post.data.totalcmt + 1,
    dateLastEvent: comment.data.dateCreation,
  },
})

/**
 * Adds or replaces a comment in its post's thread, if that thread is loaded; a thread whose
 * first read is on its way is read again, so the comment is not lost when that read lands
 * (docs/wall.md, "Live updates"). A comment that carries a file makes the post's strip read its
 * files again (docs/wall.md, "Attachments").
 */
export const putComment = (client: QueryClient, phone: string, comment: Comment): void => {
  if (
    comment.data.image !== '' ||
    (comment.data.fileDocName !== '' && !isPollFileName(comment.data.fileDocName))
  )
    void readAgain(client, wallKeys.files(phone, comment.data.idPostEmet))
  const key = wallKeys.comments(phone, comment.data.idPostEmet)
  if (client.getQueryData(key) === undefined) {
    if (client.isFetching({ queryKey: key }) > 0) void readAgain(client, key)
    return
  }
  client.setQueryData<Comment[]>(key, (list) => {
    if (!list) return list
    const id = comment.data.idCmtEmet
    return list.some((c) => c.data.idCmtEmet === id)
      ? list.map((c) => (c.data.idCmtEmet === id ? comment : c))
      : [...list, comment]
  })
}
