import { describe, expect, it } from 'vitest'
import { formatCommentDate, formatDiscussionDate, formatPostDate } from './dates'

// Built from local parts, so the expected texts hold in any time zone the tests run in.
const local = (month: number, day: number, hours: number, minutes: number) =>
  new Date(2024, month, day, hours, minutes).toISOString()

describe('post, discussion and comment dates', () => {
  it("writes the post card's date as 'd MMM y at HH:mm'", () => {
    expect(formatPostDate(local(2, 5, 14, 7), 'en')).toBe('5 Mar 2024 at 14:07')
    expect(formatPostDate(local(11, 31, 9, 0), 'en')).toBe('31 Dec 2024 at 09:00')
  })

  it("writes it in French with 'à' and French month names", () => {
    expect(formatPostDate(local(2, 5, 14, 7), 'fr')).toBe('5 mars 2024 à 14:07')
    expect(formatPostDate(local(1, 12, 8, 30), 'fr')).toBe('12 févr. 2024 à 08:30')
    expect(formatPostDate(local(7, 1, 23, 59), 'fr')).toBe('1 août 2024 à 23:59')
  })

  it("writes the discussion date as 'd MMM HH:mm', without the year", () => {
    expect(formatDiscussionDate(local(2, 5, 14, 7), 'en')).toBe('5 Mar 14:07')
    expect(formatDiscussionDate(local(0, 20, 6, 5), 'fr')).toBe('20 janv. 06:05')
  })

  it("writes a comment's date as 'd MMM y HH:mm'", () => {
    expect(formatCommentDate(local(2, 5, 14, 7), 'en')).toBe('5 Mar 2024 14:07')
    expect(formatCommentDate(local(11, 25, 18, 45), 'fr')).toBe('25 déc. 2024 18:45')
  })

  it('accepts an ISO date with an offset', () => {
    const text = formatPostDate('2024-03-05T14:07:00.000+00:00', 'en')
    expect(text).toMatch(/^\d{1,2} Mar 2024 at \d{2}:\d{2}$/)
  })

  it('shows nothing for an invalid date', () => {
    expect(formatPostDate('not a date', 'en')).toBe('')
    expect(formatCommentDate('', 'fr')).toBe('')
  })
})
