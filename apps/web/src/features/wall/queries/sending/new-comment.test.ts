import { commentPayloadSchema, commentSchema } from '@palabre/contracts'
import { describe, expect, it } from 'vitest'
import { alice, bob, carol, post, profile, recipient, viewer } from '../wall.test-support'
import { newComment } from './new-comment'

describe('newComment', () => {
  it("sends a recipient's comment to the post's sender and the other recipients, not its author", () => {
    const onAlicesPost = post({ id: 'p1', from: alice, to: [viewer, bob, carol] })

    const item = newComment(profile, onAlicesPost, 'Agreed')

    if (item.kind !== 'comment') throw new Error('expected a comment')
    expect(item.view.data.destinataires.map((r) => r.phone)).toEqual([alice, bob, carol])
    expect(item.view.data.destinataires[0]?.name).toBe(`Name ${alice}`)
  })

  it("sends the sender's comment to the post's recipients", () => {
    const myPost = post({ id: 'p1', from: viewer, to: [alice, bob] })

    const item = newComment(profile, myPost, 'Reminder')

    if (item.kind !== 'comment') throw new Error('expected a comment')
    expect(item.view.data.destinataires.map((r) => r.phone)).toEqual([alice, bob])
  })

  it("starts every recipient's marks at zero, whatever the post's marks were", () => {
    const seen = post({ id: 'p1', from: viewer, to: [alice] })
    seen.data.destinataires = [
      recipient(alice, { delivred: 4, delivredtoWeb: 4, cmtnonluDestPost: 3 }),
    ]

    const item = newComment(profile, seen, 'Hi')

    if (item.kind !== 'comment') throw new Error('expected a comment')
    expect(item.view.data.destinataires).toEqual([
      { name: `Name ${alice}`, phone: alice, delivred: 0, delivredtoWeb: 0, cmtnonluDestPost: 0 },
    ])
  })

  it('is a pending text comment of the viewer on the post, under one fresh id', () => {
    const item = newComment(profile, post({ id: 'p1', from: alice }), 'Agreed')

    if (item.kind !== 'comment') throw new Error('expected a comment')
    expect(item.postId).toBe('p1')
    expect(item.state).toBe('pending')
    expect(item.payload).toEqual({
      idPostEmet: 'p1',
      idCmtEmet: item.id,
      cmt: 'Agreed',
      image: '',
      fileDocName: '',
      typecommente: '3',
      dateCreation: item.view.data.dateCreation,
    })
    expect(item.view).toMatchObject({
      type: '3',
      sendState: 'pending',
      data: {
        emetr_phone: viewer,
        emetr_name: 'Viewer Name',
        cmt: 'Agreed',
        idPostEmet: 'p1',
        idCmtEmet: item.id,
        image: '',
        fileDocName: '',
      },
    })
    expect(newComment(profile, post({ id: 'p1' }), 'again').id).not.toBe(item.id)
  })

  it("is an attachment comment (type '1') when it carries a file, under the id it is given", () => {
    const date = '2026-01-02T03:04:05.006Z'
    const item = newComment(
      profile,
      post({ id: 'p1', from: alice }),
      { text: 'See attached', fileDocName: 'minutes___a1.pdf' },
      { id: 'c-fixed', dateCreation: date },
    )

    if (item.kind !== 'comment') throw new Error('expected a comment')
    expect(item.id).toBe('c-fixed')
    expect(item.payload).toMatchObject({
      idCmtEmet: 'c-fixed',
      cmt: 'See attached',
      image: '',
      fileDocName: 'minutes___a1.pdf',
      typecommente: '1',
      dateCreation: date,
    })
    expect(item.view.type).toBe('1')
    expect(commentPayloadSchema.parse(item.payload).fileDocName).toBe('minutes___a1.pdf')
  })

  it('builds a payload and a view the contracts accept', () => {
    const item = newComment(profile, post({ id: 'p1', from: alice, to: [viewer, bob] }), 'Ok')
    expect(commentPayloadSchema.safeParse(item.payload).success).toBe(true)
    expect(commentSchema.safeParse(item.view).success).toBe(true)
  })
})
