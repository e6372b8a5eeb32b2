import { describe, expect, it } from 'vitest'
import {
  findInputProblem,
  MAX_INPUT_DEPTH,
  NUL_TEXT_MESSAGE,
  TOO_DEEP_MESSAGE,
} from './input-shape.js'

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
