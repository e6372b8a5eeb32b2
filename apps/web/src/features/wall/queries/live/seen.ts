import { hasSeen } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { updatePost } from '../post-cache'
import type { WallSocket } from '../../live/socket'
import type { PostView } from '../view-models'

/**
 * The person looked at a post (opened its discussion or expanded its text): a recipient who had
 * not seen it tells the server, which tells the sender; the post is no longer new here
 * (docs/wall.md, "Newness and opening").
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
  updatePost(client, phone, idPostEmet, (p) => ({ ...p, delivredtoWeb: 4 }))
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
  updatePost(client, phone, idPostEmet, (p) => ({ ...p, cmtnonlu: 0 }))
}
