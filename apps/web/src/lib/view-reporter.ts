import { maxViewRanges, viewReportIntervalSeconds } from '@palabre/contracts'
import type { PlayedRange, PlayedRanges } from './played-ranges'

/**
 * What became of one report: `sent` (the server has it), `refused` (it never will: its ranges
 * are dropped), `stop` (this file's views are not counted, or not for this viewer: no more
 * reports). A report that could not reach the server, or that it failed, throws instead: its
 * ranges go with the next report.
 */
export type ReportOutcome = 'sent' | 'refused' | 'stop'

export interface ViewReporterOptions {
  ranges: PlayedRanges
  /** `keepalive` when the page may be going away: the request outlives it. */
  send: (ranges: PlayedRange[], options: { keepalive: boolean }) => Promise<ReportOutcome>
  /** How often a report goes while playing. */
  intervalMs?: number
}

/** While playing, a report every few seconds (the contracts' interval). */
export const viewReportIntervalMs = viewReportIntervalSeconds * 1_000

export interface ViewReporter {
  /**
   * The player plays: the first time, a report with no ranges starts the server's clock; then
   * reports go every interval until it pauses.
   */
  playing: () => void
  /** Paused or ended: what was played goes now, and the reports stop until it plays again. */
  paused: () => void
  /** The page is hidden or left (`visibilitychange`, `pagehide`): what was played goes now. */
  hidden: () => void
  /** The player is gone: what was played goes now, and nothing more. */
  dispose: () => void
  /** Whether the server said this file's views are not counted. */
  readonly stopped: boolean
}

/**
 * The schedule of a player's reports (docs/files.md, "On the web"): one with no ranges as it
 * first plays, then every interval while playing, at once on pause, end and page hide, each
 * carrying only what was not sent yet. A report that fails leaves its ranges for the next one;
 * a `stop` ends the reports.
 */
export const createViewReporter = ({
  ranges,
  send,
  intervalMs = viewReportIntervalMs,
}: ViewReporterOptions): ViewReporter => {
  let timer: ReturnType<typeof setInterval> | null = null
  let stopped = false
  let disposed = false
  let started = false

  const stopTimer = () => {
    if (timer !== null) clearInterval(timer)
    timer = null
  }

  const report = (taken: PlayedRange[], keepalive: boolean) =>
    send(taken, { keepalive }).then((outcome) => {
      if (outcome === 'stop') {
        stopped = true
        stopTimer()
      }
    })

  const flush = (keepalive: boolean) => {
    if (stopped) return
    const taken = ranges.take(maxViewRanges)
    if (taken.length === 0) return
    report(taken, keepalive).catch(() => ranges.giveBack(taken))
  }

  /**
   * The server credits no more than 1.1 times the time since the viewer's first report, and
   * nothing at the first one (docs/files.md, "Proof of viewing"): reported as playing starts,
   * a video played to its end is credited whole. One that fails is sent at the next play.
   */
  const start = () => {
    started = true
    report([], false).catch(() => {
      started = false
    })
  }

  return {
    playing: () => {
      if (stopped || disposed) return
      if (!started) start()
      if (timer !== null) return
      timer = setInterval(() => flush(false), intervalMs)
    },
    paused: () => {
      stopTimer()
      flush(false)
    },
    hidden: () => flush(true),
    dispose: () => {
      disposed = true
      stopTimer()
      flush(true)
    },
    get stopped() {
      return stopped
    },
  }
}
