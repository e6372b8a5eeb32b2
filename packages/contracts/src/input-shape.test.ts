import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  findInputProblem,
  MAX_INPUT_DEPTH,
  NUL_TEXT_MESSAGE,
  TOO_DEEP_MESSAGE,
} from './input-shape.js'
import type { InputProblem } from './input-shape.js'

/** `[[[...]]]` with `levels` arrays, built without recursion. */
const nested = (levels: number): unknown => {
  let value: unknown = 'leaf'
  for (let i = 0; i < levels; i += 1) value = [value]
  return value
}

describe('findInputProblem', () => {
  it('finds U+0000 in a string, deep in objects and arrays, and in keys', () => {
    const nul = (path: string) => ({ path, message: NUL_TEXT_MESSAGE })
    expect(findInputProblem('a\u0000b')).toEqual(nul(''))
    expect(findInputProblem({ word: '\u0000' })).toEqual(nul('word'))
    expect(findInputProblem({ list: ['ok', { text: 'x\u0000' }] })).toEqual(nul('list.1.text'))
    expect(findInputProblem({ ['k\u0000']: 1 })).toEqual(nul('k\u0000'))
  })

  it('reports the first problem in key order', () => {
    expect(findInputProblem({ a: { b: '\u0000' }, ['c\u0000']: 1 })?.path).toBe('a.b')
  })

  it('passes everything else, other control characters included', () => {
    expect(
      findInputProblem({ text: 'line\nnext\ttab', n: 3, ok: true, none: null }),
    ).toBeUndefined()
    expect(findInputProblem(undefined)).toBeUndefined()
    expect(findInputProblem(new Uint8Array([0, 0, 0]))).toBeUndefined()
  })

  it(`accepts ${MAX_INPUT_DEPTH} levels of objects and arrays and refuses one more`, () => {
    expect(findInputProblem(nested(MAX_INPUT_DEPTH))).toBeUndefined()
    expect(findInputProblem(nested(MAX_INPUT_DEPTH + 1))).toEqual({
      path: Array.from({ length: MAX_INPUT_DEPTH }, () => '0').join('.'),
      message: TOO_DEEP_MESSAGE,
    })
  })

  it('refuses 100,000 levels without overflowing the stack', () => {
    expect(findInputProblem(nested(100_000))?.message).toBe(TOO_DEEP_MESSAGE)
    expect(
      findInputProblem(JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`))?.message,
    ).toBe(TOO_DEEP_MESSAGE)
  })
})

/** The rule read plainly, recursively: what the iterative check must answer, problem for problem. */
const plainReading = (value: unknown, path: string[] = [], depth = 0): InputProblem | undefined => {
  const here = path.join('.')
  if (typeof value === 'string')
    return value.includes('\u0000') ? { path: here, message: NUL_TEXT_MESSAGE } : undefined
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return undefined
  if (depth + 1 > MAX_INPUT_DEPTH) return { path: here, message: TOO_DEEP_MESSAGE }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return { path: [...path, key].join('.'), message: NUL_TEXT_MESSAGE }
    const found = plainReading(item, [...path, key], depth + 1)
    if (found) return found
  }
  return undefined
}

describe('findInputProblem, against a plain reading of the rule', () => {
  const text = fc.string({ unit: fc.constantFrom('a', '.', '\u0000', ' '), maxLength: 4 })
  const leaf = fc.oneof(
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(new Uint8Array([0, 0])),
  )
  const layer = fc.record({
    array: fc.boolean(),
    key: text,
    siblings: fc.array(fc.oneof(leaf, fc.array(leaf, { maxLength: 3 })), { maxLength: 3 }),
    first: fc.boolean(),
  })
  const value = fc
    .tuple(
      leaf,
      fc
        .oneof(
          fc.integer({ min: 0, max: 40 }),
          fc.integer({ min: MAX_INPUT_DEPTH - 2, max: MAX_INPUT_DEPTH + 2 }),
        )
        .chain((n) => fc.array(layer, { minLength: n, maxLength: n })),
    )
    .map(([inner, layers]) => {
      let current: unknown = inner
      for (const { array, key, siblings, first } of layers) {
        const items = first ? [current, ...siblings] : [...siblings, current]
        current = array
          ? items
          : Object.fromEntries(items.map((item, i) => [item === current ? key : `k${i}`, item]))
      }
      return current
    })

  it('finds the same first problem at the same path', () => {
    fc.assert(
      fc.property(value, (input) => {
        expect(findInputProblem(input)).toEqual(plainReading(input))
      }),
      { numRuns: 1000 },
    )
  })
})
