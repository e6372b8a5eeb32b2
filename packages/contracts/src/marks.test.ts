import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Comment } from './entities/comment.js'
import type { Recipient } from './entities/recipient.js'
import { commentWithMark, commentWithHigherMarks } from './mark-views.js'
import {
  commentStatusOf,
  commentTicks,
  hasDelivered,
  hasSeen,
  higherMarks,
  higherStatus,
  isDelivered,
  isSeen,
  raiseMarks,
  recipientTicks,
  statusesBelow,
} from './marks.js'
import type { CommentStatus, MarkEvent, Marks } from './marks.js'

const RUNS = { numRuns: 1000 }

const codeArb = fc.constantFrom(0, 1, 2, 3, 4)
const marksArb: fc.Arbitrary<Marks> = fc.record({ delivred: codeArb, delivredtoWeb: codeArb })
const eventArb: fc.Arbitrary<MarkEvent> = fc.oneof(
  fc.constant<MarkEvent>({ kind: 'delivered' }),
  fc.constant<MarkEvent>({ kind: 'seen', channel: 'web' }),
  fc.constant<MarkEvent>({ kind: 'seen', channel: 'mobile' }),
)
const statusArb = fc.constantFrom<CommentStatus>('', '0', '1', '2', '3', '4')
const rank = (status: string | undefined) =>
  Number(status === '' || status === undefined ? 0 : status)
const none: Marks = { delivred: 0, delivredtoWeb: 0 }

/** The marks a set of events gives, written out: the highest code each channel was given. */
const expectedMarks = (events: readonly MarkEvent[]): Marks => ({
  delivred: Math.max(
    0,
    ...events.map((e) => (e.kind === 'delivered' ? 2 : e.channel === 'mobile' ? 4 : 0)),
  ),
  delivredtoWeb: Math.max(
    0,
    ...events.map((e) => (e.kind === 'seen' && e.channel === 'web' ? 4 : 0)),
  ),
})

const fold = (events: readonly MarkEvent[], start: Marks = none): Marks =>
  events.reduce<Marks>((marks, event) => raiseMarks(marks, event), start)

describe('delivery codes and ticks', () => {
  it('read 1-2 as delivered and 3-4 as seen', () => {
    expect([0, 1, 2, 3, 4].map(isDelivered)).toEqual([false, true, true, true, true])
    expect([0, 1, 2, 3, 4].map(isSeen)).toEqual([false, false, false, true, true])
    expect(isSeen(undefined)).toBe(false)
  })

  it('show the double read tick when either channel saw it, delivered when either has it', () => {
    expect(recipientTicks({ delivred: 2, delivredtoWeb: 0 })).toBe('delivered')
    expect(recipientTicks({ delivred: 1, delivredtoWeb: 4 })).toBe('seen')
    expect(recipientTicks({ delivred: 3, delivredtoWeb: 0 })).toBe('seen')
    expect(recipientTicks({ delivred: 0, delivredtoWeb: 2 })).toBe('delivered')
    expect(recipientTicks({ delivred: 0, delivredtoWeb: 0 })).toBe('none')
    expect(commentTicks('')).toBe('sent')
    expect(commentTicks('0')).toBe('sent')
    expect(commentTicks('2')).toBe('delivered')
    expect(commentTicks('4')).toBe('seen')
  })

  it('say a seen mark is delivered too', () => {
    fc.assert(
      fc.property(marksArb, (marks) => !hasSeen(marks) || hasDelivered(marks)),
      RUNS,
    )
  })
})

describe('a recipient’s marks', () => {
  it('never go down, whatever the event', () => {
    fc.assert(
      fc.property(marksArb, eventArb, (marks, event) => {
        const raised = raiseMarks(marks, event)
        return raised.delivred >= marks.delivred && raised.delivredtoWeb >= marks.delivredtoWeb
      }),
      RUNS,
    )
  })

  it('are the same whatever order the events come in, duplicates included', () => {
    // Some events, then the same ones again, some of them twice, in another order.
    const runs = fc.array(eventArb, { maxLength: 12 }).chain((events) =>
      fc
        .array(fc.constantFrom(...(events.length > 0 ? events : [undefined])), { maxLength: 6 })
        .chain((extra) => {
          const replayed = [...events, ...extra.filter((e) => e !== undefined)]
          return fc
            .shuffledSubarray(replayed, {
              minLength: replayed.length,
              maxLength: replayed.length,
            })
            .map((shuffled) => ({ events, shuffled }))
        }),
    )
    fc.assert(
      fc.property(runs, ({ events, shuffled }) => {
        expect(fold(events)).toEqual(expectedMarks(events))
        expect(fold(shuffled)).toEqual(expectedMarks(events))
      }),
      RUNS,
    )
  })

  it('after a delivered event are delivered, after a seen one seen, from web or phone', () => {
    fc.assert(
      fc.property(marksArb, eventArb, (marks, event) => {
        const raised = raiseMarks(marks, event)
        return event.kind === 'delivered' ? hasDelivered(raised) : hasSeen(raised)
      }),
      RUNS,
    )
  })

  it('merge two reports channel by channel, in any order', () => {
    fc.assert(
      fc.property(marksArb, marksArb, marksArb, (a, b, c) => {
        expect(higherMarks(a, b)).toEqual(higherMarks(b, a))
        expect(higherMarks(higherMarks(a, b), c)).toEqual(higherMarks(a, higherMarks(b, c)))
        expect(higherMarks(a, a)).toEqual(a)
        const merged = higherMarks(a, b)
        return merged.delivred >= a.delivred && merged.delivredtoWeb >= b.delivredtoWeb
      }),
      RUNS,
    )
  })
})

describe('a comment’s status', () => {
  it('is what its recipients’ marks give: seen by all 4, had by all 2, else 0', () => {
    fc.assert(
      fc.property(fc.array(marksArb, { minLength: 1, maxLength: 6 }), (recipients) => {
        const status = commentStatusOf(recipients)
        if (recipients.every(hasSeen)) return status === '4'
        if (recipients.every(hasDelivered)) return status === '2'
        return status === '0'
      }),
      RUNS,
    )
    expect(commentStatusOf([])).toBe('0')
  })

  it('never goes down when a recipient’s marks go up', () => {
    fc.assert(
      fc.property(
        fc.array(marksArb, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        eventArb,
        (recipients, which, event) => {
          const before = commentStatusOf(recipients)
          const i = which % recipients.length
          const after = commentStatusOf(
            recipients.map((r, j) => (j === i ? raiseMarks(r, event) : r)),
          )
          return rank(after) >= rank(before)
        },
      ),
      RUNS,
    )
  })

  it('only goes up when two reports meet', () => {
    fc.assert(
      fc.property(statusArb, statusArb, (a, b) => {
        const higher = higherStatus(a, b)
        expect(rank(higher)).toBe(Math.max(rank(a), rank(b)))
        expect(statusesBelow(higher).includes(a) || rank(a) === rank(higher)).toBe(true)
      }),
      RUNS,
    )
  })
})

const recipient = (phone: string): Recipient => ({
  phone,
  name: phone,
  delivred: 0,
  delivredtoWeb: 0,
  cmtnonluDestPost: 0,
})

const commentTo = (phones: readonly string[]): Comment => ({
  type: '3',
  data: {
    emetr_name: 'Author',
    emetr_phone: '33600000001',
    cmt: 'hello',
    image: '',
    fileDocName: '',
    idPostEmet: 'p',
    idCmtEmet: 'c',
    dateCreation: new Date(0).toISOString(),
    destinataires: phones.map(recipient),
  },
  cmtnonlu: 0,
  tagcmtstatut: '0',
})

describe('the author’s copy of a comment', () => {
  const phones = ['33600000002', '33600000003', '33600000004']
  const heard = fc.record({
    who: fc.subarray(phones, { minLength: 1 }),
    event: eventArb,
  })

  it('ends as its recipients’ marks say, whatever order and duplicates the events come in', () => {
    fc.assert(
      fc.property(fc.array(heard, { maxLength: 15 }), (events) => {
        let comment = commentTo(phones)
        let lastRank = 0
        for (const { who, event } of events) {
          comment = commentWithMark(comment, who, event)
          // The tick never goes back.
          expect(rank(comment.tagcmtstatut)).toBeGreaterThanOrEqual(lastRank)
          lastRank = rank(comment.tagcmtstatut)
        }
        for (const r of comment.data.destinataires) {
          const own = events.filter((e) => e.who.includes(r.phone)).map((e) => e.event)
          expect({ delivred: r.delivred, delivredtoWeb: r.delivredtoWeb }).toEqual(
            expectedMarks(own),
          )
        }
        expect(comment.tagcmtstatut).toBe(commentStatusOf(comment.data.destinataires))
      }),
      RUNS,
    )
  })

  it('takes the server’s status when the event says it, and never goes below it', () => {
    fc.assert(
      fc.property(heard, statusArb, statusArb, ({ who, event }, held, told) => {
        const comment = commentWithMark(
          { ...commentTo(phones), tagcmtstatut: held },
          who,
          event,
          told,
        )
        return rank(comment.tagcmtstatut) === Math.max(rank(held), rank(told))
      }),
      RUNS,
    )
  })

  it('merged with a fresh read keeps the higher marks and status of the two', () => {
    fc.assert(
      fc.property(fc.array(heard, { maxLength: 8 }), fc.array(heard, { maxLength: 8 }), (a, b) => {
        const apply = (events: typeof a) =>
          events.reduce((c, { who, event }) => commentWithMark(c, who, event), commentTo(phones))
        const merged = commentWithHigherMarks(apply(a), apply(b))
        expect(merged).toEqual(commentWithHigherMarks(apply(b), apply(a)))
        expect(merged.data.destinataires).toEqual(apply([...a, ...b]).data.destinataires)
      }),
      RUNS,
    )
  })
})
