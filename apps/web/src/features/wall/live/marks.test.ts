import { describe, expect, it } from 'vitest'
import { withCommentDelivered, withCommentSeen, withPostMark } from './marks'
import { alice, bob, comment, post, recipient, viewer } from './wall.test-support'

const marksOf = (list: { phone: string; delivred: number; delivredtoWeb: number }[]) =>
  list.map((r) => [r.phone, r.delivred, r.delivredtoWeb])

describe('withPostMark', () => {
  const mine = post({ id: 'p1', from: viewer, to: [alice, bob] })

  it("raises the named recipient's mark on the sender's copy, and only theirs", () => {
    const delivered = withPostMark(mine, alice, 'delivred', 2)
    expect(marksOf(delivered.data.destinataires)).toEqual([
      [alice, 2, 0],
      [bob, 0, 0],
    ])

    const seenOnWeb = withPostMark(delivered, bob, 'delivredtoWeb', 4)
    expect(marksOf(seenOnWeb.data.destinataires)).toEqual([
      [alice, 2, 0],
      [bob, 0, 4],
    ])
  })

  it('never lowers a mark: a late delivered does not hide a seen', () => {
    const seen = withPostMark(mine, alice, 'delivred', 4)
    const late = withPostMark(seen, alice, 'delivred', 2)
    expect(marksOf(late.data.destinataires)).toEqual([
      [alice, 4, 0],
      [bob, 0, 0],
    ])
  })

  it('does not change the post it is given, and keeps the rest of it', () => {
    const before = structuredClone(mine)
    const changed = withPostMark(mine, alice, 'delivred', 4)
    expect(mine).toEqual(before)
    expect({ ...changed, data: { ...changed.data, destinataires: [] } }).toEqual({
      ...mine,
      data: { ...mine.data, destinataires: [] },
    })
  })

  it('changes nothing for a phone that is not a recipient', () => {
    const changed = withPostMark(mine, '33699999999', 'delivred', 4)
    expect(changed.data.destinataires).toEqual(mine.data.destinataires)
  })
})

describe('withCommentSeen', () => {
  const mine = comment({ id: 'c1', postId: 'p1', from: viewer, to: [alice, bob] })

  it('raises the one recipient to seen and keeps the status while another has not seen it', () => {
    const seenByAlice = withCommentSeen(mine, alice, 'delivred')
    expect(marksOf(seenByAlice.data.destinataires)).toEqual([
      [alice, 4, 0],
      [bob, 0, 0],
    ])
    expect(seenByAlice.tagcmtstatut).toBe('0')
  })

  it("turns the status to '4' once every recipient saw it, on either channel", () => {
    const seenByAlice = withCommentSeen(mine, alice, 'delivred')
    const seenByAll = withCommentSeen(seenByAlice, bob, 'delivredtoWeb')
    expect(marksOf(seenByAll.data.destinataires)).toEqual([
      [alice, 4, 0],
      [bob, 0, 4],
    ])
    expect(seenByAll.tagcmtstatut).toBe('4')
  })

  it('counts a recipient already marked 3 as having seen it', () => {
    const mostlySeen = comment({ id: 'c1', postId: 'p1', from: viewer, to: [alice] })
    mostlySeen.data.destinataires = [recipient(alice), recipient(bob, { delivred: 3 })]
    expect(withCommentSeen(mostlySeen, alice, 'delivredtoWeb').tagcmtstatut).toBe('4')
  })

  it('does not count delivered (2) as seen', () => {
    const delivered = comment({ id: 'c1', postId: 'p1', from: viewer, to: [alice] })
    delivered.data.destinataires = [recipient(alice), recipient(bob, { delivred: 2 })]
    expect(withCommentSeen(delivered, alice, 'delivred').tagcmtstatut).toBe('0')
  })

  it('never lowers a mark', () => {
    const seen = comment({ id: 'c1', postId: 'p1', from: viewer, to: [alice] })
    seen.data.destinataires = [recipient(alice, { delivredtoWeb: 4, delivred: 4 })]
    const again = withCommentSeen(seen, alice, 'delivred')
    expect(marksOf(again.data.destinataires)).toEqual([[alice, 4, 4]])
  })

  it('leaves a comment without recipients at its status', () => {
    const alone = comment({ id: 'c1', postId: 'p1', from: viewer, to: [] })
    expect(withCommentSeen(alone, alice, 'delivred').tagcmtstatut).toBe('0')
  })
})

describe('withCommentDelivered', () => {
  it("raises the named recipients to delivered, and the status to '2' once all have it", () => {
    const own = comment({ id: 'c1', postId: 'p', from: viewer, to: [alice, bob] })
    const one = withCommentDelivered(own, [alice])
    expect(one.data.destinataires.map((r) => r.delivred)).toEqual([2, 0])
    expect(one.tagcmtstatut).toBe('0')
    const both = withCommentDelivered(one, [bob])
    expect(both.tagcmtstatut).toBe('2')
  })

  it('never lowers a status that says seen', () => {
    const own = {
      ...comment({ id: 'c1', postId: 'p', from: viewer, to: [alice] }),
      tagcmtstatut: '4' as const,
    }
    expect(withCommentDelivered(own, [alice]).tagcmtstatut).toBe('4')
  })
})
