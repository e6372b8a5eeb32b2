/**
 * A search word as a literal, case-insensitive substring pattern: every regex character is
 * escaped, so a user's '.*' or '(' matches those characters and nothing else.
 */
export const literalPattern = (word: string): RegExp => new RegExp(escapeRegExp(word), 'i')

/** Text with every regex character escaped, to match itself and nothing else. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Empty or spaces-only search words are ignored (docs/behaviour.md, "Search"). */
export const searchWord = (word: string | undefined): string | undefined => {
  const trimmed = word?.trim()
  return trimmed ? trimmed : undefined
}
