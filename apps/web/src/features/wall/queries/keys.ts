import type { WallScope } from '../model/types'

/** One string per scope, for query keys and comparisons. */
export const scopeKey = (scope: WallScope): string => {
  if (scope.kind === 'contact') return `contact:${scope.phone}`
  if (scope.kind === 'folder') return `folder:${scope.idGroup}`
  return 'general'
}

/**
 * Every query of the wall is under ['wall', phone, ...], so a log-out or a session ended
 * elsewhere drops them all at once, and another user signing in on the tab never sees them.
 */
export const wallKeys = {
  all: (phone: string) => ['wall', phone] as const,
  pages: (phone: string) => ['wall', phone, 'page'] as const,
  page: (phone: string, scope: WallScope, word: string, page: number) =>
    ['wall', phone, 'page', scopeKey(scope), word, page] as const,
  counts: (phone: string) => ['wall', phone, 'count'] as const,
  count: (phone: string, scope: WallScope, word: string) =>
    ['wall', phone, 'count', scopeKey(scope), word] as const,
  post: (phone: string, id: string) => ['wall', phone, 'post', id] as const,
  posts: (phone: string) => ['wall', phone, 'post'] as const,
  comments: (phone: string, id: string) => ['wall', phone, 'comments', id] as const,
  /** The files of a post's comments, for its strip (docs/wall.md, "Attachments"). */
  files: (phone: string, id: string) => ['wall', phone, 'files', id] as const,
  groups: (phone: string) => ['wall', phone, 'groups'] as const,
  contacts: (phone: string, word: string) => ['wall', phone, 'contacts', word] as const,
  allContacts: (phone: string) => ['wall', phone, 'contacts'] as const,
  /** A page of the organisation's directory (docs/wall.md, "Directory"). */
  directory: (phone: string, word: string, n: number) =>
    ['wall', phone, 'directory', word, n] as const,
  allDirectory: (phone: string) => ['wall', phone, 'directory'] as const,
  /** The viewer's announcements not confirmed yet (docs/wall.md, "Announcements"). */
  pinned: (phone: string) => ['wall', phone, 'pinned'] as const,
  /** Who confirmed an announcement, for its author (docs/wall.md, "Announcements"). */
  announcementReport: (phone: string, id: string) =>
    ['wall', phone, 'announcementReport', id] as const,
  /** The views of a video the viewer sent (docs/files.md, "Proof of viewing"). */
  fileViews: (phone: string, name: string) => ['wall', phone, 'fileViews', name] as const,
}

/** A page query's key, read back: ['wall', phone, 'page', scopeKey, word, page]. */
export interface PageKeyParts {
  scope: string
  word: string
  page: number
}

export const readPageKey = (key: readonly unknown[]): PageKeyParts | null => {
  const [, , kind, scope, word, page] = key
  if (kind !== 'page' || typeof scope !== 'string' || typeof word !== 'string') return null
  if (typeof page !== 'number') return null
  return { scope, word, page }
}

/** A count query's key, read back: ['wall', phone, 'count', scopeKey, word]. */
export const readCountKey = (key: readonly unknown[]): Omit<PageKeyParts, 'page'> | null => {
  const [, , kind, scope, word] = key
  if (kind !== 'count' || typeof scope !== 'string' || typeof word !== 'string') return null
  return { scope, word }
}
