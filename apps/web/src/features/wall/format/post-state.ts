import { hasSeen, recipientDisplayName } from '@palabre/contracts'
import type { PostView } from '../model/types'

/** Whether the viewer wrote the post (phones are canonical digits on both sides). */
export const isSender = (post: PostView, viewerPhone: string): boolean =>
  post.data.author.phone === viewerPhone

/**
 * A post is new to a recipient until one of their own marks says seen (docs/wall.md, "Post
 * card"). A post in the viewer's inbox that they did not send reached them, directly or through
 * a folder, so "recipient" is "not the sender" here. The sender's own posts are never new.
 */
export const isNewPost = (post: PostView, viewerPhone: string): boolean =>
  !isSender(post, viewerPhone) && !hasSeen(post)

/** Black and bold: a new post, or one with comments the viewer has not read (docs/wall.md, "Post card"). */
export const isEmphasized = (post: PostView, viewerPhone: string): boolean =>
  isNewPost(post, viewerPhone) || post.unreadComments > 0

/** The sender reads 'Me' to themselves; others see the name, or '+' and the phone when it is empty. */
export const senderLabel = (post: PostView, viewerPhone: string, meText: string): string =>
  isSender(post, viewerPhone) ? meText : recipientDisplayName(post.data.author)

/**
 * What the card's action row shows (docs/wall.md, "Post card" and "Sending"): our own sending
 * state first, then the server's tagstatus ('false' is a failed post, to resend).
 */
export type PostSendStatus = 'pending' | 'throttled' | 'waiting' | 'failed' | 'sent'

export const postSendStatus = (post: PostView): PostSendStatus => {
  if (post.sendState === 'pending') return 'pending'
  if (post.sendState === 'throttled') return 'throttled'
  if (post.sendState === 'waiting') return 'waiting'
  if (post.sendState === 'failed' || post.tagstatus === 'false') return 'failed'
  return 'sent'
}
