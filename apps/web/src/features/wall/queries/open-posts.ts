/**
 * The posts whose discussion this tab has on screen (docs/wall.md, "Newness and opening"). While
 * a discussion is open its comments are read as they come, and the server is told so; a read of
 * the server that left before it was told, or that the server answered before it counted the
 * comment it was told about, would bring the post's unread count back (a searched page is read
 * again for each new comment). The cache keeps such a post at 0 unread instead (see
 * keep-marks.ts), and the server is told once more that its comments were read.
 */
const open = new Map<string, { holds: number; onServerUnread: () => void }>()

/**
 * Holds a post as open until the returned function is called; `onServerUnread` runs when a read
 * of the server counts unread comments on it meanwhile.
 */
export const holdOpenPost = (id: string, onServerUnread: () => void = () => {}): (() => void) => {
  const held = open.get(id)
  open.set(id, { holds: (held?.holds ?? 0) + 1, onServerUnread })
  return () => {
    const now = open.get(id)
    if (now === undefined) return
    if (now.holds > 1) open.set(id, { ...now, holds: now.holds - 1 })
    else open.delete(id)
  }
}

export const isOpenPost = (id: string): boolean => open.has(id)

/** A read of the server counted unread comments on an open post: tell it again, later. */
export const serverCountsUnread = (id: string): void => {
  const held = open.get(id)
  if (held !== undefined) setTimeout(held.onServerUnread, 0)
}
