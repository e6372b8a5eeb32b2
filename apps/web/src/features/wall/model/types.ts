import type { Comment, Contact, Group, PostData } from '@palabre/contracts'

/** What the centre column shows (docs/wall.md, "Scope, paging and search"). */
export type WallScope =
  | { kind: 'general' }
  | { kind: 'contact'; phone: string; name: string; registered: boolean }
  | { kind: 'folder'; idGroup: string; name: string }

/**
 * Where an item the user wrote stands (docs/wall.md, "Sending"): on its way, stored by the
 * server, refused (Resend), held back by the server's rate limit (retried later), or unanswered
 * and waiting for the next connection to go again by itself.
 */
export type SendState = 'pending' | 'sent' | 'failed' | 'throttled' | 'waiting'

/** A post as the wall shows it: the server's item, plus its sending state when we wrote it. */
export type PostView = PostData & { sendState?: SendState }

/** A comment as the discussion shows it. */
export type CommentView = Comment & { sendState?: SendState }

/** A list the pickers read from: a page at a time, searched on the server. */
export interface ContactSource {
  items: readonly Contact[]
  hasMore: boolean
  isLoading: boolean
  loadMore: () => void
  /** The current search word ('' for none). */
  word: string
  setWord: (word: string) => void
}

export type { Comment, Contact, Group, PostData }
