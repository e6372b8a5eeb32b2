import { describe, expect, it } from 'vitest'
import { ellipsis, truncatePostText } from './post-text'

describe('truncatePostText', () => {
  it('keeps a text of 200 characters whole', () => {
    const text = 'a'.repeat(200)
    expect(truncatePostText(text)).toEqual({ text, truncated: false })
  })

  it('cuts a text of 201 characters at 200 and adds an ellipsis', () => {
    const text = `${'a'.repeat(200)}b`
    expect(truncatePostText(text)).toEqual({
      text: `${'a'.repeat(200)}${ellipsis}`,
      truncated: true,
    })
  })

  it('keeps short and empty texts whole', () => {
    expect(truncatePostText('Hello')).toEqual({ text: 'Hello', truncated: false })
    expect(truncatePostText('')).toEqual({ text: '', truncated: false })
  })

  it('never splits an emoji in two', () => {
    const text = `${'a'.repeat(199)}😀 and more`
    const result = truncatePostText(text)
    expect(result.truncated).toBe(true)
    expect(result.text).toBe(`${'a'.repeat(199)}${ellipsis}`)
  })
})
