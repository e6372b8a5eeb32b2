import { MAX_INPUT_DEPTH } from './input-shape.js'

/**
 * The depth rule of `findInputProblem` (docs/security.md, "Bad input"), read off JSON text before
 * it is parsed. `JSON.parse` spends a quarter of a second building 450,000 nested arrays which
 * the parsed value's check then refuses; one pass over the text costs as much as reading it and
 * stops at the first bracket too many, so a deep body or packet is refused for the price of a
 * flat one.
 */

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d

export interface JsonDepthOptions {
  /** The most objects and arrays one inside the other; `MAX_INPUT_DEPTH` by default. */
  maxDepth?: number
  /** Where the JSON starts in the text (a socket.io packet's header comes first). */
  from?: number
}

/** The index of the `"` that ends the string opened at `open`, or -1 when none does. */
const stringEnd = (text: string, open: number): number => {
  let end = open
  for (;;) {
    end = text.indexOf('"', end + 1)
    if (end === -1) return -1
    // Escaped when an odd number of backslashes come right before it: each pair is one `\`.
    let backslashes = 0
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1
    if (backslashes % 2 === 0) return end
  }
}

/**
 * The index of the first `[` or `{` of `text` nested deeper than `maxDepth`, or undefined when
 * none is. Brackets inside strings do not count: a string starts and ends at an unescaped `"`,
 * looked for with indexOf, so a long text is passed over in one call. The text is not otherwise
 * checked: for valid JSON the answer is exactly the parsed value's depth rule, and invalid JSON is
 * refused by the parser, which stops at the first character out of place (before any nesting
 * that follows it).
 *
 * Bytes of UTF-8 (an HTTP body) may be handed over as `latin1` text, one character per byte,
 * without decoding them: every character this scan looks for is ASCII, and UTF-8 never uses an
 * ASCII byte inside a multi-byte character.
 */
export const findTooDeepJson = (
  text: string,
  { maxDepth = MAX_INPUT_DEPTH, from = 0 }: JsonDepthOptions = {},
): number | undefined => {
  let depth = 0
  for (let i = from; i < text.length; i += 1) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      i = stringEnd(text, i)
      // An unterminated string: nothing after it is structure.
      if (i === -1) return undefined
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      depth += 1
      if (depth > maxDepth) return i
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth -= 1
  }
  return undefined
}
