import { describe, expect, it } from 'vitest'
import { textStart } from './text-start.js'

describe('an announcement\'s start in the audit trail (docs/organisation.md, "Audit trail")', () => {
  it('keeps a short text whole, its spaces and line breaks as single spaces', () => {
    expect(textStart('Fire drill\n\non  Monday ')).toBe('Fire drill on Monday')
    expect(textStart('x'.repeat(80))).toBe('x'.repeat(80))
  })

  it('ends a longer one on a word boundary with an ellipsis', () => {
    const text = `Fire drill on Monday at ten: ${'please leave by the stairs '.repeat(4)}`
    const start = textStart(text)
    expect(start).toBe(
      'Fire drill on Monday at ten: please leave by the stairs please leave by the…',
    )
    expect(Array.from(start).length).toBeLessThanOrEqual(81)
    expect(text.startsWith(start.slice(0, -1))).toBe(true)
  })

  it('keeps a word that ends right at the length', () => {
    expect(textStart(`${'a'.repeat(79)}b more`)).toBe(`${'a'.repeat(79)}b…`)
  })

  it('cuts a first word longer than the length, and never an emoji in two', () => {
    expect(textStart('y'.repeat(100))).toBe(`${'y'.repeat(80)}…`)
    expect(textStart('🔥'.repeat(100))).toBe(`${'🔥'.repeat(80)}…`)
  })
})
