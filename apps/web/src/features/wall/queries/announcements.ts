import {
  announcementRoutes,
  buildPath,
  postsRoutes,
  type AnnouncementConfirmedPayload,
  type AnnouncementReport,
  type MarkChannel,
  type PostData,
} from '@palabre/contracts'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { callRoute } from '../../../lib/api-client'
import { keepPostListMarks, keepPostMarksOf } from './keep-marks'
import { seenHere } from './live/seen'
import { wallKeys } from './keys'
import { findPost, isConfirmed, placePost, updatePost } from './post-cache'
import { toPostView, type PostView } from './view-models'

/**
 * Announcements people confirm, as the wall keeps them (docs/wall.md, "Announcements"): the
 * viewer's pinned ones, their confirmation, and for the author the table of who confirmed.
 */

const idOf = (post: PostData) => post.data.idPostEmet

/**
 * Reads a query again, even while a read of it is on its way: that read's answer may predate a
 * change just made (as post-cache.ts does for pages).
 */
const readAgain = async (client: QueryClient, queryKey: readonly unknown[]): Promise<void> => {
  await client.cancelQueries({ queryKey, exact: true })
  await client.invalidateQueries({ queryKey, exact: true })
}

/** A read of `key` on its way left before this change: it is read again. */
const afterChange = (client: QueryClient, key: readonly unknown[]): void => {
  if (client.isFetching({ queryKey: key, exact: true }) > 0) void readAgain(client, key)
}

/** The viewer's announcements not confirmed yet, newest first: pinned above the wall. */
export const usePinnedAnnouncements = (phone: string): PostView[] => {
  const pinned = useQuery({
    queryKey: wallKeys.pinned(phone),
    queryFn: ({ signal }): Promise<PostData[]> =>
      callRoute(announcementRoutes.getPinnedAnnouncements, { signal }),
    structuralSharing: keepPostListMarks,
  })
  const stored = pinned.data
  return useMemo(() => (stored ?? []).map(toPostView), [stored])
}

/** Puts an announcement on top of the pinned list, or brings it back there. */
export const pinOnTop = (client: QueryClient, phone: string, post: PostData): void => {
  const key = wallKeys.pinned(phone)
  if (isConfirmed(post)) return
  client.setQueryData<PostData[]>(key, (list) => {
    if (!list) return list
    const held = list.find((p) => idOf(p) === idOf(post))
    return [keepPostMarksOf(post, held), ...list.filter((p) => idOf(p) !== idOf(post))]
  })
  afterChange(client, key)
}

/**
 * Its author reminds the viewer of an announcement: the server put it back on top of their wall
 * and pinned it again. It is read afresh (its new last activity), goes on top of the wall and of
 * the pinned list; what is answered is the announcement, for the notice that names its author.
 */
export const bringBackAnnouncement = async (
  client: QueryClient,
  phone: string,
  id: string,
): Promise<PostData | undefined> => {
  const fresh = await callRoute(postsRoutes.getPost, { params: { idPost: id } }).catch(
    () => undefined,
  )
  const post =
    fresh ??
    client.getQueryData<PostData[]>(wallKeys.pinned(phone))?.find((p) => idOf(p) === id) ??
    findPost(client, phone, id)
  if (post === undefined) return undefined
  placePost(client, phone, post, { toTop: true })
  pinOnTop(client, phone, post)
  return post
}

/** The post once the viewer confirmed it at `confirmedAt`. */
const confirmedOn =
  (confirmedAt: string) =>
  (post: PostData): PostData =>
    post.data.announcement === undefined
      ? post
      : {
          ...post,
          data: { ...post.data, announcement: { ...post.data.announcement, confirmedAt } },
        }

/**
 * The person confirmed an announcement at `confirmedAt`, here or in another tab or on another
 * device (`postSeenElsewhere`): confirming is reading, so it is seen on `channel` as the server
 * marked it, and it leaves the pinned list; it stays among the posts, where its date puts it,
 * reading 'Read on …' (docs/wall.md, "Announcements").
 */
export const confirmedHere = (
  client: QueryClient,
  phone: string,
  id: string,
  confirmedAt: string,
  channel: MarkChannel,
): void => {
  const held = findPost(client, phone, id)
  seenHere(client, phone, id, channel)
  updatePost(client, phone, id, confirmedOn(confirmedAt))
  const key = wallKeys.pinned(phone)
  client.setQueryData<PostData[]>(key, (list) => list?.filter((p) => idOf(p) !== id))
  afterChange(client, key)
  // The wall did not hold it: the pages on screen are read again to show it in its place.
  if (held === undefined)
    void client.invalidateQueries({ queryKey: wallKeys.pages(phone), refetchType: 'active' })
}

/**
 * 'I have read it': the server records it (the first time stays) and marks it seen on the web
 * (docs/announcements.md, "Confirming"); the tab shows it so at once.
 */
export const useConfirmAnnouncement = (phone: string) => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      callRoute(announcementRoutes.postAnnouncementConfirm, { params: { idPostEmet: id } }),
    onSuccess: ({ confirmedAt }, id) => confirmedHere(client, phone, id, confirmedAt, 'web'),
  })
}

/** Who confirmed an announcement and when, and who has not yet: for its author only. */
export const useAnnouncementReport = (phone: string, id: string, enabled: boolean) =>
  useQuery({
    queryKey: wallKeys.announcementReport(phone, id),
    queryFn: ({ signal }): Promise<AnnouncementReport> =>
      callRoute(announcementRoutes.getAdminAnnouncement, { params: { idPostEmet: id }, signal }),
    enabled,
  })

const byTimeThenName = (
  a: AnnouncementReport['confirmed'][number],
  b: AnnouncementReport['confirmed'][number],
) => a.at.localeCompare(b.at) || a.name.localeCompare(b.name) || a.phone.localeCompare(b.phone)

/** A report with one more confirmation, as the server would now answer it. */
export const withConfirmation = (
  report: AnnouncementReport,
  { phone, name, at, total }: AnnouncementConfirmedPayload,
): AnnouncementReport => {
  if (report.confirmed.some((c) => c.phone === phone)) return { ...report, total }
  return {
    total,
    confirmed: [...report.confirmed, { phone, name, at }].sort(byTimeThenName),
    pending: report.pending.filter((p) => p.phone !== phone),
  }
}

/**
 * A recipient confirmed one of the viewer's announcements: its table (and with it the card's
 * count) takes them in at once (docs/wall.md, "Announcements").
 */
export const noteConfirmation = (
  client: QueryClient,
  phone: string,
  event: AnnouncementConfirmedPayload,
): void => {
  const key = wallKeys.announcementReport(phone, event.idPostEmet)
  client.setQueryData<AnnouncementReport>(key, (report) =>
    report === undefined ? report : withConfirmation(report, event),
  )
  afterChange(client, key)
  // The card's count, wherever the post is shown.
  updatePost(client, phone, event.idPostEmet, (post) =>
    post.data.announcement
      ? {
          ...post,
          data: {
            ...post.data,
            announcement: { ...post.data.announcement, confirmed: event.confirmed },
          },
        }
      : post,
  )
}

/** Reminds those who have not confirmed; answers how many were reminded. */
export const useRemindAnnouncement = () =>
  useMutation({
    mutationFn: async (id: string) =>
      (
        await callRoute(announcementRoutes.postAdminAnnouncementRemind, {
          params: { idPostEmet: id },
        })
      ).reminded,
  })

/** The table as a CSV file: a same-origin link, which the session cookie authorises. */
export const confirmationsCsvHref = (id: string): string =>
  buildPath(announcementRoutes.getAdminAnnouncementCsv.path, { idPostEmet: id })

/** The same as a spreadsheet (.xlsx), every cell a text (docs/security.md, "Downloads people open"). */
export const confirmationsXlsxHref = (id: string): string =>
  buildPath(announcementRoutes.getAdminAnnouncementXlsx.path, { idPostEmet: id })
