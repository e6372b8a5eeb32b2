import { postsPerPage, type PostData } from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { readPageKey } from '../keys'
import { postInScope, recount } from '../post-cache'

/** How long a post that came by event is put back into pages read from the server. */
export const RECENT_ARRIVAL_MS = 30_000

/**
 * Posts that arrived by event lately (docs/wall.md, "Live updates"). The server sends a post to
 * its recipients before it writes the entries its pages are read from, so a page read in that
 * moment, or read before the event and answered after it, lacks the post: each page the server
 * answers gets the recent arrivals it lacks put back at their place, and the counts are read
 * again a moment later, once the entries are surely written.
 */
export const trackRecentArrivals = (client: QueryClient, phone: string) => {
  const recent = new Map<string, { post: PostData; at: number }>()
  let recountTimer: ReturnType<typeof setTimeout> | undefined

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return
    const key = event.query.queryKey
    const parts = readPageKey(key)
    // Only the first pages of unsearched scopes, where a post's place is known for sure.
    if (key[1] !== phone || parts === null || parts.page !== 0 || parts.word !== '') return
    const now = Date.now()
    for (const [id, { at }] of recent) if (now - at > RECENT_ARRIVAL_MS) recent.delete(id)
    const list = (event.query.state.data as PostData[] | undefined) ?? []
    const missing = [...recent.values()]
      .map(({ post }) => post)
      .filter(
        (post) =>
          postInScope(post, parts.scope, phone) === true &&
          !list.some((p) => p.data.idPostEmet === post.data.idPostEmet),
      )
    if (missing.length === 0) return
    const merged = [...missing, ...list]
      .sort((a, b) => Date.parse(b.data.dateLastEvent) - Date.parse(a.data.dateLastEvent))
      .slice(0, postsPerPage)
    // Outside the cache's notification of this very update.
    queueMicrotask(() => client.setQueryData(key, merged))
    clearTimeout(recountTimer)
    recountTimer = setTimeout(() => void recount(client, phone), 2_000)
  })

  return {
    note(post: PostData): void {
      recent.set(post.data.idPostEmet, { post, at: Date.now() })
    },
    stop(): void {
      unsubscribe()
      clearTimeout(recountTimer)
    },
  }
}
