/**
 * What every REST request and socket payload must look like before anything walks it
 * (docs/security.md, "Bad input"): no deeper than `MAX_INPUT_DEPTH` objects and arrays, and no
 * text holding the NUL character (U+0000), which no one types and the embedded engine's
 * PostgreSQL cannot store. The check is iterative, so a payload nested thousands of levels deep
 * is refused instead of overflowing the stack of whatever reads it first.
 */

export const NUL_TEXT_MESSAGE = 'Text may not contain the NUL character (U+0000).'

/** Real payloads nest a few levels (a quiz's answers are five deep); 32 leaves ample room. */
export const MAX_INPUT_DEPTH = 32

export const TOO_DEEP_MESSAGE = `The input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels of objects and arrays).`

export interface InputProblem {
  /** Dotted path of the offending value (`''` for the value itself). */
  path: string
  message: string
}

interface Pending {
  value: unknown
  path: string
  depth: number
  /** The key the value sits under, checked for NUL when the value's turn comes. */
  key: string
}

const join = (path: string, key: string): string => (path === '' ? key : `${path}.${key}`)

/** Binary data (a socket.io attachment) is a leaf: its bytes are not text. */
const isBinary = (value: object): boolean =>
  ArrayBuffer.isView(value) || value instanceof ArrayBuffer

/**
 * The first problem of an input, depth first, or undefined when it is fine. `depth` counts
 * objects and arrays: `{}` is 1, `{a: []}` is 2; scalars add nothing.
 */
export const findInputProblem = (input: unknown): InputProblem | undefined => {
  const stack: Pending[] = [{ value: input, path: '', depth: 0, key: '' }]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { value, path, depth, key } = next
    if (key.includes('\u0000')) return { path, message: NUL_TEXT_MESSAGE }
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path, message: NUL_TEXT_MESSAGE }
      continue
    }
    if (value === null || typeof value !== 'object' || isBinary(value)) continue
    if (depth + 1 > MAX_INPUT_DEPTH) return { path, message: TOO_DEEP_MESSAGE }
    const entries = Object.entries(value)
    // Pushed last to first, so the first key is looked at first.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [name, item] = entries[i] as [string, unknown]
      stack.push({ value: item, path: join(path, name), depth: depth + 1, key: name })
    }
  }
  return undefined
}
