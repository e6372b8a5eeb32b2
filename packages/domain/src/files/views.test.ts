// The arithmetic of proof of viewing (docs/files.md, "Proof of viewing"); the service itself is
// tested over HTTP (apps/api/src/routes/files/views.test.ts) and under races (views.race.test.ts).
import { describe, expect, it } from 'vitest'
import { clipRanges, creditCap, creditedAfter, mergeRanges, playedSeconds } from './views.js'

describe('played ranges', () => {
  it('are clipped to the duration, the empty ones dropped', () => {
    expect(
      clipRanges(
        [
          [590, 700],
          [600, 650],
          [0, 10],
        ],
        600,
      ),
    ).toEqual([
      [590, 600],
      [0, 10],
    ])
  })

  it('merge into a sorted union, touching ranges joined', () => {
    const merged = mergeRanges([
      [50, 60],
      [0, 10],
      [10, 20],
      [5, 8],
      [55, 70],
    ])
    expect(merged).toEqual([
      [0, 20],
      [50, 70],
    ])
    expect(playedSeconds(merged)).toBe(40)
  })
})

describe('credit', () => {
  it('is capped at 1.1 times the time since the first report, and nothing at the first one', () => {
    expect(creditCap(0)).toBe(0)
    expect(creditCap(100)).toBeCloseTo(110, 10)
    expect(creditCap(-5)).toBe(0)
  })

  it('is what was played, at most the cap and the duration, and never less than before', () => {
    const base = { before: 0, elapsedSeconds: 0, durationSeconds: 600 }
    // One call claiming a short video whole, or all of a long one, at its first report: nothing.
    expect(creditedAfter({ ...base, played: 20, durationSeconds: 20 })).toBe(0)
    expect(creditedAfter({ ...base, played: 600 })).toBe(0)
    expect(creditedAfter({ ...base, played: 10, elapsedSeconds: 20 })).toBe(10)
    expect(creditedAfter({ ...base, played: 600, elapsedSeconds: 100 })).toBeCloseTo(110, 10)
    expect(creditedAfter({ ...base, played: 700, elapsedSeconds: 10_000 })).toBe(600)
    expect(creditedAfter({ ...base, before: 300, played: 10 })).toBe(300)
  })
})
