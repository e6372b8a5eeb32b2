import { hasSeen, raiseMarks, type MarkChannel, type PostData } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { moveFolderBadges } from '../folder-badges'
import { findPost, updatePost } from '../post-cache'
import type { WallSocket } from '../../live/socket'
import type { PostView } from '../view-models'

/** A post of the cache changed as the server changes it: its folders' badges follow. */
const changePost = (
  client: QueryClient,
  phone: string,
  idPostEmet: string,
  change: (post: PostData) => PostData,
) => {
  const before = findPost(client, phone, idPostEmet)
  updatePost(client, phone, idPostEmet, change)
  if (before !== undefined) moveFolderBadges(client, phone, before, change(before))
}

/**
 * The server holds the post seen by the person on `channel` (looked at here, or in another tab
 * or on another device, which `postSeenElsewhere` says): their own mark goes up by the
 * contracts' rule and its comments are read, so the card is no longer new nor counted in the
 * tab title and its folders' badges (docs/wall.md, "Newness and opening").
 */
export const seenHere = (
  client: QueryClient,
  phone: string,
  idPostEmet: string,
  channel: MarkChannel,
): void =>
  changePost(client, phone, idPostEmet, (p) => ({
    ...raiseMarks(p, { kind: 'seen', channel }),
    cmtnonlu: 0,
  }))

/**
 * The person looked at a post (opened its discussion or expanded its text): a recipient who had
 * not seen it tells the server, which tells the sender; the post is no longer new here
 * (docs/wall.md, "Newness and opening"). The server then holds the whole post read, its
 * comments too, and so does the tab.
 */
export const markPostSeen = (
  socket: WallSocket,
  client: QueryClient,
  phone: string,
  post: PostView,
): void => {
  const { author, idPostEmet } = post.data
  const sender = author.phone
  if (sender === phone || hasSeen(post)) return
  socket.emit('postVuFromWeb', { emtr_vu: phone, emtr_post: sender, idPostEmet })
  seenHere(client, phone, idPostEmet, 'web')
}

/** The discussion is on screen: its comments are seen and its unread count goes back to 0. */
export const markCommentsSeen = (
  socket: WallSocket,
  client: QueryClient,
  phone: string,
  post: PostView,
): void => {
  if (post.unreadComments === 0) return
  const { idPostEmet } = post.data
  socket.emit('commentsVuFromWeb', { emtr_vu: phone, idPostEmet, commentsSeen: [] })
  changePost(client, phone, idPostEmet, (p) => ({ ...p, cmtnonlu: 0 }))
}

/**
 * The open post's comments are read, though a read of the server still counts some: it is told
 * again, as when the discussion opened (docs/wall.md, "Newness and opening").
 */
export const reportCommentsSeen = (socket: WallSocket, phone: string, idPostEmet: string): void => {
  socket.emit('commentsVuFromWeb', { emtr_vu: phone, idPostEmet, commentsSeen: [] })
}
