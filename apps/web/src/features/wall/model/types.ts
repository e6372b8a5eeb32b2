import type { Contact, Group } from '@palabre/contracts'

/** What the centre column shows (docs/wall.md, "Scope, paging and search"). */
export type WallScope =
  | { kind: 'general' }
  | { kind: 'contact'; phone: string; name: string; registered: boolean }
  | { kind: 'folder'; idGroup: string; name: string }

/**
 * A post and a comment as the wall shows them: the view models, read from the server's items in
 * the queries layer only (docs/wall.md, "View models").
 */
export type { Author, CommentView, PostView, SendState } from '../queries/view-models'

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

export type { Contact, Group }
