import { describe, expect, it } from 'vitest'
import { toCommentView, toPostView } from './view-models'
import { alice, bob, comment, post, recipient, viewer } from './wall.test-support'

describe('toPostView', () => {
  it("gives the author, the recipients and the viewer's unread count their words", () => {
    const wire = { ...post({ id: 'p1', from: alice, to: [viewer, bob] }), cmtnonlu: 2 }

    const view = toPostView(wire)

    expect(view.data.author).toEqual({ phone: alice, name: `Name ${alice}` })
    expect(view.data.recipients).toEqual([recipient(viewer), recipient(bob)])
    expect(view.unreadComments).toBe(2)
    expect(view.data).not.toHaveProperty('emetr_phone')
    expect(view.data).not.toHaveProperty('emetr_name')
    expect(view.data).not.toHaveProperty('destinataires')
    expect(view).not.toHaveProperty('cmtnonlu')
  })

  it('keeps every other field, and the sending state of a post written here', () => {
    const wire = {
      ...post({ id: 'p1', text: 'Hi', groups: ['g1'], seq: 7 }),
      sendState: 'failed' as const,
    }

    const view = toPostView(wire)

    expect(view).toMatchObject({
      delivred: 0,
      delivredtoWeb: 0,
      tagstatus: 'true',
      seq: 7,
      sendState: 'failed',
      data: {
        idPostEmet: 'p1',
        text: 'Hi',
        typePoste: '0',
        groups: [{ idGroup: 'g1', name: 'Folder g1' }],
        totalcmt: 0,
        dateCreation: wire.data.dateCreation,
        dateLastEvent: wire.data.dateLastEvent,
      },
    })
  })

  it('keeps the mark of a recipient an administrator deactivated', () => {
    const wire = post({ id: 'p1', to: [viewer, bob] })
    wire.data.destinataires = [recipient(viewer), recipient(bob, { deactivated: true })]

    const view = toPostView(wire)

    expect(view.data.recipients.map((r) => [r.phone, r.deactivated])).toEqual([
      [viewer, undefined],
      [bob, true],
    ])
  })

  it('gives the same view for the same item, and a new one once the item changes', () => {
    const wire = post({ id: 'p1' })
    expect(toPostView(wire)).toBe(toPostView(wire))
    expect(toPostView({ ...wire, cmtnonlu: 1 })).not.toBe(toPostView(wire))
  })
})

describe('toCommentView', () => {
  it("gives the author, the recipients and the author's ticks their words", () => {
    const wire = { ...comment({ id: 'c1', postId: 'p1', from: bob, to: [alice] }), cmtnonlu: 1 }

    const view = toCommentView({ ...wire, tagcmtstatut: '4', sendState: 'sent' })

    expect(view).toMatchObject({ type: '3', status: '4', sendState: 'sent' })
    expect(view.data).toMatchObject({
      author: { phone: bob, name: `Name ${bob}` },
      recipients: [recipient(alice)],
      idCmtEmet: 'c1',
      idPostEmet: 'p1',
      cmt: 'Comment c1',
    })
    expect(view).not.toHaveProperty('tagcmtstatut')
    expect(view).not.toHaveProperty('cmtnonlu')
    expect(view.data).not.toHaveProperty('emetr_phone')
  })

  it('leaves the status out while the server gave none', () => {
    const { tagcmtstatut: _status, ...wire } = comment({ id: 'c1', postId: 'p1' })
    expect(toCommentView(wire).status).toBeUndefined()
  })
})
