import { describe, expect, it } from 'vitest'
import { commentSenderLabel, isOwnComment } from './comments'
import { comment, other, viewer } from './test-posts'

describe('comment author', () => {
  it("tells the viewer's own comments from others'", () => {
    expect(isOwnComment(comment({}, { author: { phone: viewer } }), viewer)).toBe(true)
    expect(isOwnComment(comment({}, { author: { phone: other } }), viewer)).toBe(false)
  })

  it("names the author, or '+' and the phone when the name is empty", () => {
    expect(commentSenderLabel(comment({}, { author: { name: 'Bob' } }))).toBe('Bob')
    expect(commentSenderLabel(comment({}, { author: { name: '' } }))).toBe(`+${other}`)
  })
})
