import type { QueryClient } from '@tanstack/react-query'
import type { WallScope } from '../model/types'
import { scopeKey } from './keys'
import { cachedPosts, findPost, postInScope } from './post-cache'
import type { OutboxItem } from './sending/outbox'
import { toCommentView, toPostView, type CommentView, type PostView } from './view-models'

/**
 * What the wall reads of the cache and the outbox outside the query hooks, as view models
 * (docs/wall.md, "View models").
 */

/** One post the cache holds, wherever it is (see findPost). */
export const findPostView = (
  client: QueryClient,
  phone: string,
  id: string,
): PostView | undefined => {
  const post = findPost(client, phone, id)
  return post === undefined ? undefined : toPostView(post)
}

/** Every post the cache holds for this user, once each. */
export const cachedPostViews = (client: QueryClient, phone: string): PostView[] =>
  [...cachedPosts(client, phone).values()].map(toPostView)

/**
 * The posts written here and not stored yet that belong to `scope` (docs/wall.md, "Sending"),
 * in the order they were written.
 */
export const unsentPosts = (
  items: readonly OutboxItem[],
  scope: WallScope,
  viewer: string,
): PostView[] => {
  const key = scopeKey(scope)
  return items.flatMap((item) =>
    item.kind === 'post' && postInScope(item.view, key, viewer) === true
      ? [toPostView(item.view)]
      : [],
  )
}

/** The comments written here on a post and not stored yet, in the order they were written. */
export const unsentComments = (items: readonly OutboxItem[], postId: string): CommentView[] =>
  items.flatMap((item) =>
    item.kind === 'comment' && item.postId === postId ? [toCommentView(item.view)] : [],
  )
