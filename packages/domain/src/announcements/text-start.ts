/** How much of an announcement's text the audit trail keeps (docs/organisation.md, "Audit trail"). */
export const auditStartLength = 80

/**
 * The start of a text as the audit trail shows it (docs/organisation.md, "Audit trail"): its
 * spaces and line breaks as single spaces, at most `length` characters (code points, so no
 * emoji is cut in two), ended on a word boundary with '…' when the text goes on. A first word
 * longer than that is cut where the length ends.
 */
export const textStart = (text: string, length = auditStartLength): string => {
  const chars = Array.from(text.replace(/\s+/gu, ' ').trim())
  if (chars.length <= length) return chars.join('')
  const kept = chars.slice(0, length).join('')
  // The cut falls inside a word unless the next character is a space.
  const lastSpace = chars[length] === ' ' ? kept.length : kept.lastIndexOf(' ')
  return `${(lastSpace > 0 ? kept.slice(0, lastSpace) : kept).trimEnd()}…`
}
