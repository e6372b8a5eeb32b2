import { isNewPost } from '../format'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { cachedPostViews } from '../queries/view-lookups'

/**
 * The unread total (docs/wall.md, "Tab title"): new posts and unread comments among the posts
 * the tab holds, shown as '(3) Palabre'.
 */
export const useTabTitle = (phone: string, appName: string): number => {
  const client = useQueryClient()
  const total = useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => {
      let sum = 0
      for (const post of cachedPostViews(client, phone))
        sum += (isNewPost(post, phone) ? 1 : 0) + post.unreadComments
      return sum
    },
  )
  useEffect(() => {
    document.title = total > 0 ? `(${total}) ${appName}` : appName
  }, [total, appName])
  useEffect(() => () => void (document.title = appName), [appName])
  return total
}
