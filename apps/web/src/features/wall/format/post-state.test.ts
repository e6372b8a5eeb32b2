import { describe, expect, it } from 'vitest'
import { isEmphasized, isNewPost, isSender, postSendStatus, senderLabel } from './post-state'
import { other, post, viewer } from './test-posts'

const mine = (extra: Parameters<typeof post>[0] = {}) =>
  post(extra, { author: { phone: viewer, name: 'Viewer Name' } })

describe('isNewPost', () => {
  it('is new to a recipient while neither of their marks is 3 or 4', () => {
    for (const delivred of [0, 1, 2]) {
      for (const delivredtoWeb of [0, 1, 2]) {
        expect(isNewPost(post({ delivred, delivredtoWeb }), viewer)).toBe(true)
      }
    }
  })

  it('is no longer new once either mark says seen', () => {
    for (const code of [3, 4]) {
      expect(isNewPost(post({ delivred: code }), viewer)).toBe(false)
      expect(isNewPost(post({ delivredtoWeb: code }), viewer)).toBe(false)
    }
  })

  it('is never new to its sender', () => {
    expect(isSender(mine(), viewer)).toBe(true)
    expect(isNewPost(mine({ delivred: 0, delivredtoWeb: 0 }), viewer)).toBe(false)
  })
})

describe('isEmphasized', () => {
  it('emphasizes a new post', () => {
    expect(isEmphasized(post(), viewer)).toBe(true)
  })

  it("emphasizes a seen post with unread comments, the sender's own included", () => {
    expect(isEmphasized(post({ delivred: 4, unreadComments: 2 }), viewer)).toBe(true)
    expect(isEmphasized(mine({ unreadComments: 1 }), viewer)).toBe(true)
  })

  it('leaves a seen post without unread comments grey', () => {
    expect(isEmphasized(post({ delivredtoWeb: 3 }), viewer)).toBe(false)
    expect(isEmphasized(mine(), viewer)).toBe(false)
  })
})

describe('senderLabel', () => {
  it("reads 'Me' for the viewer's own post", () => {
    expect(senderLabel(mine(), viewer, 'Me')).toBe('Me')
    expect(senderLabel(mine(), viewer, 'Moi')).toBe('Moi')
  })

  it("shows the sender's name, or '+' and the phone when the name is empty", () => {
    expect(senderLabel(post(), viewer, 'Me')).toBe('Alice Martin')
    expect(senderLabel(post({}, { author: { name: ' ' } }), viewer, 'Me')).toBe(`+${other}`)
  })
})

describe('postSendStatus', () => {
  it("resends a post whose tagstatus is 'false' or whose sending failed", () => {
    expect(postSendStatus(post({ tagstatus: 'false' }))).toBe('failed')
    expect(postSendStatus(post({ sendState: 'failed' }))).toBe('failed')
  })

  it('shows the pending, throttled and waiting states before the tagstatus', () => {
    expect(postSendStatus(post({ sendState: 'pending', tagstatus: 'false' }))).toBe('pending')
    expect(postSendStatus(post({ sendState: 'throttled' }))).toBe('throttled')
    expect(postSendStatus(post({ sendState: 'waiting', tagstatus: 'false' }))).toBe('waiting')
  })

  it("shows the actions for tagstatus 'true', '' or none", () => {
    expect(postSendStatus(post({ tagstatus: 'true' }))).toBe('sent')
    expect(postSendStatus(post({ tagstatus: '' }))).toBe('sent')
    expect(postSendStatus(post({ tagstatus: undefined, sendState: 'sent' }))).toBe('sent')
  })
})
