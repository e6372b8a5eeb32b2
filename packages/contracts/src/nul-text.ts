/**
 * No text we accept may hold the NUL character (U+0000): PostgreSQL, under the embedded engine,
 * cannot store it, and no user types it. A request or event carrying one is bad input, answered
 * with this message wherever it hides (a path segment, a query, a body, a socket payload).
 */
export const NUL_TEXT_MESSAGE = 'Text may not contain the NUL character (U+0000).'

/** The path of the first string holding U+0000 in a value (`''` for the value itself), if any. */
export const findNulText = (value: unknown, path = ''): string | undefined => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined
  if (value === null || typeof value !== 'object') return undefined
  for (const [key, item] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`
    if (key.includes('\u0000')) return at
    const found = findNulText(item, at)
    if (found !== undefined) return found
  }
  return undefined
}
