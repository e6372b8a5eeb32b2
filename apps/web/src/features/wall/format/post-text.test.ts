import { find } from 'linkifyjs'
import { describe, expect, it } from 'vitest'
import { truncatePostText } from './post-text'

describe('truncatePostText', () => {
  it('keeps a text of 200 characters whole', () => {
    const text = 'a'.repeat(200)
    expect(truncatePostText(text)).toEqual({ text, truncated: false })
  })

  it('cuts a text of 201 characters at 200; the card adds the ellipsis', () => {
    const text = `${'a'.repeat(200)}b`
    expect(truncatePostText(text)).toEqual({ text: 'a'.repeat(200), truncated: true })
  })

  it('keeps short and empty texts whole', () => {
    expect(truncatePostText('Hello')).toEqual({ text: 'Hello', truncated: false })
    expect(truncatePostText('')).toEqual({ text: '', truncated: false })
  })

  it('never splits an emoji in two', () => {
    const text = `${'a'.repeat(199)}😀 and more`
    const result = truncatePostText(text)
    expect(result.truncated).toBe(true)
    expect(result.text).toBe('a'.repeat(199))
  })

  it('never cuts inside a link: a link begun before the cut is shown whole, and works', () => {
    const link = 'https://example.org/reports/2024/annual-summary?section=finance&lang=fr'
    const text = `${'a '.repeat(90)}read ${link} and then much more text ${'b'.repeat(60)}`
    expect(text.indexOf(link)).toBeLessThan(200)
    expect(text.indexOf(link) + link.length).toBeGreaterThan(200)
    const cut = truncatePostText(text)
    expect(cut).toEqual({ text: text.slice(0, text.indexOf(link) + link.length), truncated: true })
    // The shown part holds the whole link, as the card's linkify reads it.
    expect(find(cut.text).map((found) => found.href)).toEqual([link])
  })

  it('does not cut a text whose link runs to its end', () => {
    const text = `${'a '.repeat(95)}https://example.org/${'x'.repeat(40)}`
    expect(truncatePostText(text)).toEqual({ text, truncated: false })
  })

  it('cuts right after a link that ends at the cut, leaving it whole', () => {
    const link = `https://example.org/${'p'.repeat(30)}`
    const text = `${'a'.repeat(199 - link.length)} ${link} and more after it`
    const cut = truncatePostText(text)
    expect(cut).toEqual({ text: text.slice(0, 200), truncated: true })
    expect(find(cut.text).map((found) => found.href)).toEqual([link])
  })

  it('finds e-mail addresses as links too', () => {
    const text = `${'a'.repeat(180)} mail someone.long@example.org please, ${'b'.repeat(40)}`
    expect(truncatePostText(text).text.endsWith('someone.long@example.org')).toBe(true)
  })
})
