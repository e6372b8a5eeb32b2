import { textTruncationLength } from '@palabre/contracts'

export interface TruncatedText {
  text: string
  /** Whether the card needs the 'Read more...' / 'Less' toggle. */
  truncated: boolean
}

export const ellipsis = '…'

/**
 * A post card shows at most 200 characters of the text, then an ellipsis (docs/wall.md, "Post
 * card"). Characters are counted as the original product did (string length); the cut steps back
 * one place rather than split an emoji's surrogate pair.
 */
export const truncatePostText = (text: string): TruncatedText => {
  if (text.length <= textTruncationLength) return { text, truncated: false }
  let cut = textTruncationLength
  const last = text.charCodeAt(cut - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1
  return { text: `${text.slice(0, cut)}${ellipsis}`, truncated: true }
}
