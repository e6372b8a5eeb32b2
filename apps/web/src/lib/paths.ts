/**
 * The app's addresses that several screens build (docs/behaviour.md, "Screens and routes"): one
 * home each, so a route's shape is written once.
 */
export const wallPath = '/wall'

/** A post's discussion, over the wall. */
export const discussionPath = (postId: string): string =>
  `${wallPath}/discussion/${encodeURIComponent(postId)}`

/**
 * The reader's address (docs/reader.md): the file in the path, as the product's route has it,
 * and the post whose files previous and next step through in the query.
 */
export const readerPath = (stored: string, postId: string): string =>
  `${wallPath}/discussion/lecteur/${encodeURIComponent(stored)}?post=${encodeURIComponent(postId)}`

/**
 * The history state of a reader opened from the wall's own links: its Close then goes back a
 * step, to the page that opened it, rather than adding one (docs/reader.md, "Controls").
 */
export const openedFromWall = { openedFromWall: true } as const

export const isOpenedFromWall = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'openedFromWall' in state

/** The post of a reader's address, from its query ('?post=…'), or null. */
export const readerPostOf = (search: string): string | null =>
  new URLSearchParams(search).get('post') || null
