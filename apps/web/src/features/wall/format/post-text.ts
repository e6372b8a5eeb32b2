import { textTruncationLength } from '@palabre/contracts'
import { find } from 'linkifyjs'

export interface TruncatedText {
  /** What the card shows of the text, without the ellipsis that follows a cut. */
  text: string
  /** Whether the text was cut: the card adds the ellipsis and the 'Read more...' / 'Less' toggle. */
  truncated: boolean
}

export const ellipsis = '…'

/**
 * A post card shows at most 200 characters of the text, then an ellipsis (docs/wall.md, "Post
 * card"). Characters are counted as the original product did (string length); the cut steps back
 * one place rather than split an emoji's surrogate pair, and never falls inside a link: a link
 * that starts before the cut is shown whole, so the cut card keeps it working. The ellipsis is
 * not part of the text, so the link it follows does not take it in.
 */
export const truncatePostText = (text: string): TruncatedText => {
  if (text.length <= textTruncationLength) return { text, truncated: false }
  let cut = textTruncationLength
  const across = find(text).find((link) => link.start < cut && link.end > cut)
  if (across !== undefined) cut = across.end
  else {
    const last = text.charCodeAt(cut - 1)
    if (last >= 0xd800 && last <= 0xdbff) cut -= 1
  }
  if (cut >= text.length) return { text, truncated: false }
  return { text: text.slice(0, cut), truncated: true }
}
