import {
  isPollFileName,
  recipientDisplayName,
  stripThumbPrefix,
  type CommentFile,
} from '@palabre/contracts'
import { storedNameOf } from '../../lib/file-links'
import { discussionPath, wallPath } from '../../lib/paths'

/** How many pages the reader loads, at most, looking for the file of its address. */
export const searchPageCap = 20

/** An item's file (docs/reader.md, "Paging"): its image when it has one, else its document. */
export const fileOf = storedNameOf

/**
 * The stored file an address names: a thumbnail's address shows its image, never the thumbnail
 * (docs/files.md, "Thumbnails").
 */
export const fileOfAddress = (name: string): string => stripThumbPrefix(name)

/**
 * The post's files in the reader's order, newest first, from the pages loaded so far. A file
 * twice in the list would be one address for two places: the first is kept. Quizzes never come
 * from the server (docs/files.md); one that did is dropped, as an item without a file.
 */
export const readerList = (pages: readonly (readonly CommentFile[])[]): CommentFile[] => {
  const seen = new Set<string>()
  const list: CommentFile[] = []
  for (const item of pages.flat()) {
    const name = fileOf(item)
    if (name === '' || isPollFileName(name) || seen.has(name)) continue
    seen.add(name)
    list.push(item)
  }
  return list
}

/** The offset of the next page: every item the server sent, kept or not. */
export const loadedCount = (pages: readonly (readonly CommentFile[])[]): number =>
  pages.reduce((sum, page) => sum + page.length, 0)

/** Who sent the file: 'Me' for the viewer, else the name, else '+' and the phone. */
export const senderOf = (item: CommentFile, viewerPhone: string, me: string): string =>
  item.emet === viewerPhone ? me : recipientDisplayName({ name: item.emetName, phone: item.emet })

/** Where Close goes (docs/reader.md, "Address"): the post's discussion, or the wall. */
export const closePath = (postId: string | null): string =>
  postId === null ? wallPath : discussionPath(postId)
