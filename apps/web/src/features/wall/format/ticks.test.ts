import { describe, expect, it } from 'vitest'
import { commentFoot, recipientTickKind } from './ticks'
import { comment, other, viewer } from './test-posts'

const marks = (delivred: number, delivredtoWeb: number) => ({ delivred, delivredtoWeb })

describe('recipientTickKind', () => {
  it('shows the double read tick when either mark is 3 or 4', () => {
    expect(recipientTickKind(marks(3, 0), true)).toBe('seen')
    expect(recipientTickKind(marks(4, 0), true)).toBe('seen')
    expect(recipientTickKind(marks(0, 3), true)).toBe('seen')
    expect(recipientTickKind(marks(1, 4), true)).toBe('seen')
  })

  it('shows the plain double tick when delivred is 1 or 2', () => {
    expect(recipientTickKind(marks(1, 0), true)).toBe('delivered')
    expect(recipientTickKind(marks(2, 2), true)).toBe('delivered')
  })

  it('shows no tick before delivery', () => {
    expect(recipientTickKind(marks(0, 0), true)).toBe('none')
  })

  it('shows nothing to anyone but the sender', () => {
    expect(recipientTickKind(marks(4, 4), false)).toBeNull()
    expect(recipientTickKind(marks(1, 0), false)).toBeNull()
  })
})

describe('commentFoot', () => {
  const own = (extra: Parameters<typeof comment>[0]) =>
    comment(extra, { author: { phone: viewer } })

  it("shows a single tick for tagcmtstatut '', '0' or none", () => {
    expect(commentFoot(own({ status: '' }), viewer)).toBe('sent')
    expect(commentFoot(own({ status: '0' }), viewer)).toBe('sent')
    expect(commentFoot(own({}), viewer)).toBe('sent')
  })

  it("shows a double tick for '1' and '2', and the read tick for '3' and '4'", () => {
    expect(commentFoot(own({ status: '1' }), viewer)).toBe('delivered')
    expect(commentFoot(own({ status: '2' }), viewer)).toBe('delivered')
    expect(commentFoot(own({ status: '3' }), viewer)).toBe('seen')
    expect(commentFoot(own({ status: '4' }), viewer)).toBe('seen')
  })

  it('shows the sending state of an own comment before its status', () => {
    expect(commentFoot(own({ sendState: 'pending', status: '4' }), viewer)).toBe('pending')
    expect(commentFoot(own({ sendState: 'failed' }), viewer)).toBe('failed')
    expect(commentFoot(own({ sendState: 'throttled' }), viewer)).toBe('throttled')
    expect(commentFoot(own({ sendState: 'waiting' }), viewer)).toBe('waiting')
    expect(commentFoot(own({ sendState: 'sent', status: '2' }), viewer)).toBe('delivered')
  })

  it("shows nothing on others' comments", () => {
    expect(commentFoot(comment({ status: '4' }, { author: { phone: other } }), viewer)).toBeNull()
    expect(commentFoot(comment({ sendState: 'failed' }), viewer)).toBeNull()
  })
})
