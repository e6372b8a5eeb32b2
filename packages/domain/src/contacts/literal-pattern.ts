/**
 * A regex filter written as the pattern's text, never as a RegExp: the driver sends a RegExp as
 * its `source`, which JavaScript writes with `\u2028`-style escapes for U+2028 and U+2029, and
 * the database's regex engine refuses those escapes (the search answered 500).
 */
export interface RegexFilter {
  $regex: string
  $options?: 'i'
}

/**
 * A search word as a literal, case-insensitive substring pattern: every regex character is
 * escaped, so a user's '.*' or '(' matches those characters and nothing else.
 */
export const literalPattern = (word: string): RegexFilter => ({
  $regex: escapeRegExp(word),
  $options: 'i',
})

/** Texts that start with `prefix`, taken literally. */
export const prefixPattern = (prefix: string): RegexFilter => ({
  $regex: `^${escapeRegExp(prefix)}`,
})

/** Text with every regex character escaped, to match itself and nothing else. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Empty or spaces-only search words are ignored (docs/behaviour.md, "Search"). */
export const searchWord = (word: string | undefined): string | undefined => {
  const trimmed = word?.trim()
  return trimmed ? trimmed : undefined
}
