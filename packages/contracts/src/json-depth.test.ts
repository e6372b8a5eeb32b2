import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findInputProblem, MAX_INPUT_DEPTH, TOO_DEEP_MESSAGE } from './input-shape.js'
import { findTooDeepJson } from './json-depth.js'

const RUNS = { numRuns: 1000 }

/** `[[[…]]]` with `levels` arrays, as JSON text. */
const nestedArrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`

/** What the parsed value's check says of the text: too deep or not. */
const parsedTooDeep = (text: string): boolean =>
  findInputProblem(JSON.parse(text))?.message === TOO_DEEP_MESSAGE

/** Text that trips a careless scanner: brackets, quotes and escapes inside strings. */
const trickyString = fc.string({
  unit: fc.oneof(
    fc.constantFrom('[', '{', '"', '\\'),
    fc.constantFrom(']', '}', ':', ',', 'a', ' ', '\n', 'é', '\u2028', '😀'),
  ),
  maxLength: 16,
})

const leaf = fc.oneof(trickyString, fc.jsonValue({ maxDepth: 3 }))

const layer = fc.record({
  kind: fc.constantFrom('array', 'object'),
  key: trickyString,
  before: fc.array(leaf, { maxLength: 2 }),
  after: fc.array(leaf, { maxLength: 2 }),
})

/** A value wrapped in 0 to 40 arrays and objects (often close to the limit), with siblings. */
const wrapped = fc
  .tuple(
    leaf,
    fc
      .oneof(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: MAX_INPUT_DEPTH - 4, max: MAX_INPUT_DEPTH + 2 }),
      )
      .chain((layers) => fc.array(layer, { minLength: layers, maxLength: layers })),
  )
  .map(([inner, layers]) => {
    let value: unknown = inner
    for (const { kind, key, before, after } of layers) {
      if (kind === 'array') value = [...before, value, ...after]
      else value = { ...Object.fromEntries(before.map((v, i) => [`b${i}`, v])), [key]: value }
    }
    return value
  })

const indentation = fc.constantFrom(undefined, 0, 2, '\t')

describe('findTooDeepJson', () => {
  it('agrees with JSON.parse and findInputProblem on random JSON', () => {
    fc.assert(
      fc.property(wrapped, indentation, (value, indent) => {
        const text = JSON.stringify(value, null, indent)
        // The parsed value's check reports a NUL character before depth when it meets one first.
        fc.pre(!text.includes('\\u0000'))
        const at = findTooDeepJson(text)
        expect(at !== undefined).toBe(parsedTooDeep(text))
        if (at !== undefined) expect('[{').toContain(text[at])
      }),
      RUNS,
    )
  })

  it('gives the same answer on UTF-8 bytes read as latin1', () => {
    fc.assert(
      fc.property(wrapped, (value) => {
        const text = JSON.stringify(value)
        const bytes = Buffer.from(text, 'utf8').toString('latin1')
        expect(findTooDeepJson(bytes) !== undefined).toBe(findTooDeepJson(text) !== undefined)
      }),
      RUNS,
    )
  })

  it(`accepts ${MAX_INPUT_DEPTH} levels and stops at the first bracket past them`, () => {
    expect(findTooDeepJson(nestedArrays(MAX_INPUT_DEPTH))).toBeUndefined()
    expect(findTooDeepJson(nestedArrays(MAX_INPUT_DEPTH + 1))).toBe(MAX_INPUT_DEPTH)
    expect(findTooDeepJson(`{"a":${nestedArrays(MAX_INPUT_DEPTH)}}`)).toBe(5 + MAX_INPUT_DEPTH - 1)
  })

  it('counts no bracket inside a string, escaped quotes included', () => {
    const inText = JSON.stringify({ text: `[{"\\${'['.repeat(100)}` })
    expect(findTooDeepJson(inText)).toBeUndefined()
    expect(findTooDeepJson(`["\\"${'['.repeat(100)}"]`)).toBeUndefined()
    expect(findTooDeepJson(`["\\\\",${nestedArrays(MAX_INPUT_DEPTH)}]`)).toBe(MAX_INPUT_DEPTH + 5)
  })

  it('takes another limit and a starting point', () => {
    expect(findTooDeepJson('[[[]]]', { maxDepth: 2 })).toBe(2)
    expect(findTooDeepJson('"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["', { maxDepth: 2 })).toBeUndefined()
    // From inside the string on, its brackets are text no more.
    expect(findTooDeepJson('"[[[]]]"', { maxDepth: 2, from: 1 })).toBe(3)
  })

  it('reads 450,000 levels without a stack', () => {
    expect(findTooDeepJson(nestedArrays(450_000))).toBe(MAX_INPUT_DEPTH)
  })
})
