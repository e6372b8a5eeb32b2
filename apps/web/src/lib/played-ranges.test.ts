import { describe, expect, it } from 'vitest'
import { PlayedRanges, unionOf } from './played-ranges'

/** Plays from `from` to `to` as a player reports it: a position every quarter second. */
const playThrough = (ranges: PlayedRanges, from: number, to: number) => {
  for (let at = from; at < to; at += 0.25) ranges.observe(at)
  ranges.observe(to)
}

describe('PlayedRanges (docs/files.md, "On the web")', () => {
  it('counts a play then a pause as one range, from where it started to where it paused', () => {
    const ranges = new PlayedRanges()
    ranges.play(0)
    playThrough(ranges, 0, 6)
    ranges.pause(6.1)
    expect(ranges.take()).toEqual([[0, 6.1]])
    // Taken means sent: nothing more until something is played.
    expect(ranges.take()).toEqual([])
  })

  it('ignores positions while paused (a seek while paused plays nothing)', () => {
    const ranges = new PlayedRanges()
    ranges.observe(3)
    ranges.seek()
    ranges.observe(15)
    expect(ranges.take()).toEqual([])
  })

  it('ends the range at a seek: the seek is not played, playing from the new place is', () => {
    const ranges = new PlayedRanges()
    ranges.play(0)
    playThrough(ranges, 0, 4)
    ranges.seek()
    // The player reports its new position once the seek is done, and plays on from there.
    playThrough(ranges, 30, 33)
    ranges.pause(33)
    expect(ranges.take()).toEqual([
      [0, 4],
      [30, 33],
    ])
  })

  it('takes a jump between two positions for a seek, even without a seeking event', () => {
    const ranges = new PlayedRanges()
    ranges.play(0)
    playThrough(ranges, 0, 2)
    ranges.observe(3.6) // 1.6 s after the last position: not playing
    playThrough(ranges, 3.6, 5)
    ranges.observe(4) // backwards
    playThrough(ranges, 4, 4.5)
    ranges.pause(4.5)
    expect(ranges.take()).toEqual([
      [0, 2],
      [3.6, 5],
    ])
  })

  it('keeps a late position (a busy player) within 1.5 s as playing', () => {
    const ranges = new PlayedRanges()
    ranges.play(10)
    ranges.observe(11.4)
    ranges.observe(12.8)
    ranges.pause(12.8)
    expect(ranges.take()).toEqual([[10, 12.8]])
  })

  it('resumes after a pause with a new range from the same place, which joins the first', () => {
    const ranges = new PlayedRanges()
    ranges.play(0)
    playThrough(ranges, 0, 5)
    ranges.pause(5)
    ranges.play(5)
    playThrough(ranges, 5, 8)
    ranges.pause(8)
    expect(ranges.take()).toEqual([[0, 8]])
  })

  it('takes a resume a frame after the pause, or a start a frame in, as going on from there', () => {
    const ranges = new PlayedRanges()
    ranges.play(0.001)
    playThrough(ranges, 0.001, 10.098)
    ranges.pause(10.098)
    ranges.play(10.099)
    playThrough(ranges, 10.099, 20)
    ranges.pause(20)
    expect(ranges.take()).toEqual([[0, 20]])
  })

  it('does not join a resume after a seek away from where it paused', () => {
    const ranges = new PlayedRanges()
    ranges.play(0)
    playThrough(ranges, 0, 4)
    ranges.pause(4)
    ranges.seek()
    ranges.play(4.6)
    playThrough(ranges, 4.6, 6)
    ranges.pause(6)
    expect(ranges.take()).toEqual([
      [0, 4],
      [4.6, 6],
    ])
  })

  it('ends at the end: the last position is the file’s end', () => {
    const ranges = new PlayedRanges()
    ranges.play(15)
    playThrough(ranges, 15, 19.8)
    ranges.pause(20) // `ended`: the position is the duration
    expect(ranges.take()).toEqual([[15, 20]])
  })

  it('takes what is under way without ending it (every few seconds, or as the page hides)', () => {
    const ranges = new PlayedRanges()
    ranges.play(0)
    playThrough(ranges, 0, 5)
    expect(ranges.hasUntaken).toBe(true)
    expect(ranges.take()).toEqual([[0, 5]])
    expect(ranges.hasUntaken).toBe(false)
    // Only what was played since goes next time.
    playThrough(ranges, 5, 9)
    expect(ranges.take()).toEqual([[5, 9]])
    ranges.pause(9.2)
    expect(ranges.take()).toEqual([[9, 9.2]])
  })

  it('gives back what a failed report took, to go with the next one', () => {
    const ranges = new PlayedRanges()
    ranges.play(0)
    playThrough(ranges, 0, 5)
    const failed = ranges.take()
    playThrough(ranges, 5, 7)
    ranges.giveBack(failed)
    expect(ranges.take()).toEqual([[0, 7]])
  })

  it('takes at most as many ranges as a report may carry, keeping the rest', () => {
    const ranges = new PlayedRanges()
    for (let i = 0; i < 5; i++) {
      ranges.play(i * 10)
      ranges.observe(i * 10 + 1)
      ranges.pause(i * 10 + 1)
    }
    expect(ranges.take(3)).toEqual([
      [0, 1],
      [10, 11],
      [20, 21],
    ])
    expect(ranges.take(3)).toEqual([
      [30, 31],
      [40, 41],
    ])
  })

  it('sends milliseconds and never an empty range', () => {
    const ranges = new PlayedRanges()
    ranges.play(1.23456)
    ranges.observe(2.34567)
    ranges.pause(2.34567)
    ranges.play(7)
    ranges.pause(7.0001)
    expect(ranges.take()).toEqual([[1.235, 2.346]])
  })

  it('joins overlapping and touching ranges', () => {
    expect(
      unionOf([
        [5, 8],
        [0, 2],
        [2, 3],
        [6, 10],
      ]),
    ).toEqual([
      [0, 3],
      [5, 10],
    ])
  })
})
