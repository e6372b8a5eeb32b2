import { describe, expect, it } from 'vitest'
import { findNulText } from './nul-text.js'

describe('findNulText', () => {
  it('finds U+0000 in a string, deep in objects and arrays, and in keys', () => {
    expect(findNulText('a\u0000b')).toBe('')
    expect(findNulText({ word: '\u0000' })).toBe('word')
    expect(findNulText({ list: ['ok', { text: 'x\u0000' }] })).toBe('list.1.text')
    expect(findNulText({ ['k\u0000']: 1 })).toBe('k\u0000')
  })

  it('passes everything else, other control characters included', () => {
    expect(findNulText({ text: 'line\nnext\ttab', n: 3, ok: true, none: null })).toBeUndefined()
    expect(findNulText(undefined)).toBeUndefined()
  })
})
