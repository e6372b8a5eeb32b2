import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PlayedRanges, type PlayedRange } from './played-ranges'
import { createViewReporter, type ReportOutcome } from './view-reporter'

interface Sent {
  ranges: PlayedRange[]
  keepalive: boolean
  settle: (outcome: ReportOutcome | Error) => void
}

/** A player's ranges and its reporter, whose reports wait for the test to answer them. */
const setUp = () => {
  const ranges = new PlayedRanges()
  const sent: Sent[] = []
  const send = vi.fn(
    (taken: PlayedRange[], { keepalive }: { keepalive: boolean }) =>
      new Promise<ReportOutcome>((resolve, reject) => {
        sent.push({
          ranges: taken,
          keepalive,
          settle: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
        })
      }),
  )
  const reporter = createViewReporter({ ranges, send })
  /** Plays for `seconds` of the fake clock, the player reporting its position 4 times a second. */
  let position = 0
  const play = (seconds: number) => {
    for (let i = 0; i < seconds * 4; i++) {
      position += 0.25
      ranges.observe(position)
      vi.advanceTimersByTime(250)
    }
  }
  const start = () => {
    ranges.play(position)
    reporter.playing()
  }
  const pause = () => {
    ranges.pause(position)
    reporter.paused()
  }
  return { ranges, reporter, sent, play, start, pause }
}

/** Lets the answers of settled reports reach the reporter. */
const settled = () => vi.advanceTimersByTimeAsync(0)

/** The reports that carried ranges: those after the one that starts the server's clock. */
const played = (sent: Sent[]) => sent.filter((s) => s.ranges.length > 0)

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the reporting schedule (docs/files.md, "On the web")', () => {
  it('reports with no ranges as playing starts, once: the server counts from then', () => {
    const { sent, play, start, pause } = setUp()
    start()
    // At once, before anything is played: a video played to its end is then credited whole.
    expect(sent.map((s) => [s.ranges, s.keepalive])).toEqual([[[], false]])
    play(2)
    pause()
    start()
    play(5)
    expect(sent.map((s) => s.ranges)).toEqual([[], [[0, 2]], [[2, 7]]])
  })

  it('sends the report of the start again at the next play when it failed', async () => {
    const { sent, play, start, pause } = setUp()
    start()
    sent[0]?.settle(new Error('The server cannot be reached.'))
    await settled()
    play(2)
    pause()
    start()
    expect(sent.map((s) => s.ranges)).toEqual([[], [[0, 2]], []])
  })

  it('reports every 5 s while playing, each report what was played since the last', () => {
    const { sent, play, start } = setUp()
    start()
    play(4.75)
    expect(played(sent)).toEqual([])
    play(0.25)
    expect(played(sent).map((s) => s.ranges)).toEqual([[[0, 5]]])
    play(5)
    expect(played(sent).map((s) => s.ranges)).toEqual([[[0, 5]], [[5, 10]]])
    expect(sent.every((s) => !s.keepalive)).toBe(true)
  })

  it('reports at once on pause, then nothing until playing again', () => {
    const { sent, play, start, pause } = setUp()
    start()
    play(2)
    pause()
    expect(played(sent).map((s) => s.ranges)).toEqual([[[0, 2]]])
    vi.advanceTimersByTime(60_000)
    expect(played(sent)).toHaveLength(1)
    start()
    play(5)
    expect(played(sent).map((s) => s.ranges)).toEqual([[[0, 2]], [[2, 7]]])
  })

  it('sends nothing when nothing new was played', () => {
    const { sent, play, start, pause } = setUp()
    start()
    play(5)
    pause()
    expect(played(sent)).toHaveLength(1)
  })

  it('reports with keepalive as the page hides, and goes on while it plays', () => {
    const { reporter, sent, play, start } = setUp()
    start()
    play(3)
    reporter.hidden()
    expect(played(sent).map((s) => [s.ranges, s.keepalive])).toEqual([[[[0, 3]], true]])
    play(2)
    expect(played(sent).map((s) => [s.ranges, s.keepalive])).toEqual([
      [[[0, 3]], true],
      [[[3, 5]], false],
    ])
  })

  it('keeps what a failed report carried for the next report', async () => {
    const { sent, play, start } = setUp()
    start()
    play(5)
    played(sent)[0]?.settle(new Error('The server cannot be reached.'))
    await settled()
    play(5)
    expect(played(sent)[1]?.ranges).toEqual([[0, 10]])
  })

  it('drops what the server refused, and goes on', async () => {
    const { sent, play, start } = setUp()
    start()
    play(5)
    played(sent)[0]?.settle('refused')
    await settled()
    play(5)
    expect(played(sent)[1]?.ranges).toEqual([[5, 10]])
  })

  it('stops reporting for good when the server does not count the file (409)', async () => {
    const { reporter, sent, play, start, pause } = setUp()
    start()
    sent[0]?.settle('stop')
    await settled()
    expect(reporter.stopped).toBe(true)
    play(20)
    pause()
    start()
    play(10)
    reporter.hidden()
    expect(sent).toHaveLength(1)
  })

  it('sends what was played when the player goes, with keepalive, and nothing after', () => {
    const { reporter, ranges, sent, play, start } = setUp()
    start()
    play(3)
    ranges.pause(3)
    reporter.dispose()
    expect(played(sent).map((s) => [s.ranges, s.keepalive])).toEqual([[[[0, 3]], true]])
    vi.advanceTimersByTime(60_000)
    reporter.playing()
    vi.advanceTimersByTime(60_000)
    expect(sent).toHaveLength(2)
  })
})
