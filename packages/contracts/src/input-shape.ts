/**
 * What every REST request and socket payload must look like before anything walks it
 * (docs/security.md, "Bad input"): no deeper than `MAX_INPUT_DEPTH` objects and arrays, and no
 * text holding the NUL character (U+0000), which no one types and the embedded engine's
 * PostgreSQL cannot store. The check is iterative, so a payload nested thousands of levels deep
 * is refused instead of overflowing the stack of whatever reads it first.
 */

/** The character no text may hold; the OpenAPI document's NUL-free pattern is made of it. */
export const NUL = '\u0000'

export const NUL_TEXT_MESSAGE = 'Text may not contain the NUL character (U+0000).'

/** Real payloads nest a few levels (a quiz's answers are five deep); 32 leaves ample room. */
export const MAX_INPUT_DEPTH = 32

export const TOO_DEEP_MESSAGE = `The input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels of objects and arrays).`

export interface InputProblem {
  /** Dotted path of the offending value (`''` for the value itself). */
  path: string
  message: string
}

/** An object or array being read: its keys (an object's) or none (an array's, read by index). */
interface Frame {
  value: object
  keys: string[] | undefined
  /** The next child to read. */
  next: number
  /** The key this value sits under in its parent (`''` for the input itself). */
  name: string
}

/** Binary data (a socket.io attachment) is a leaf: its bytes are not text. */
const isBinary = (value: object): boolean =>
  ArrayBuffer.isView(value) || value instanceof ArrayBuffer

const isContainer = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !isBinary(value)

const frameOf = (value: object, name: string): Frame => ({
  value,
  keys: Array.isArray(value) ? undefined : Object.keys(value),
  next: 0,
  name,
})

/**
 * The first problem of an input, depth first, or undefined when it is fine. `depth` counts
 * objects and arrays: `{}` is 1, `{a: []}` is 2; scalars add nothing.
 *
 * One frame per level is kept, never one per value, and a path is only written for a problem:
 * an array of 450,000 numbers is read in a few milliseconds, where a pending entry with its
 * path for each item took most of a second.
 */
export const findInputProblem = (input: unknown): InputProblem | undefined => {
  if (typeof input === 'string')
    return input.includes(NUL) ? { path: '', message: NUL_TEXT_MESSAGE } : undefined
  if (!isContainer(input)) return undefined
  const frames: Frame[] = [frameOf(input, '')]
  const problem = (name: string, message: string): InputProblem => ({
    path: [...frames.slice(1).map((frame) => frame.name), name].join('.'),
    message,
  })
  for (let frame = frames.at(-1); frame !== undefined; frame = frames.at(-1)) {
    const { value, keys } = frame
    const length = keys === undefined ? (value as unknown[]).length : keys.length
    if (frame.next >= length) {
      frames.pop()
      continue
    }
    const index = frame.next
    frame.next += 1
    let name: string
    let item: unknown
    if (keys === undefined) {
      item = (value as unknown[])[index]
      // Scalars need no name: only a problem is given a path.
      if (typeof item !== 'string' && !isContainer(item)) continue
      name = String(index)
    } else {
      name = keys[index] as string
      if (name.includes(NUL)) return problem(name, NUL_TEXT_MESSAGE)
      item = (value as Record<string, unknown>)[name]
    }
    if (typeof item === 'string') {
      if (item.includes(NUL)) return problem(name, NUL_TEXT_MESSAGE)
      continue
    }
    if (!isContainer(item)) continue
    if (frames.length + 1 > MAX_INPUT_DEPTH) return problem(name, TOO_DEEP_MESSAGE)
    frames.push(frameOf(item, name))
  }
  return undefined
}
