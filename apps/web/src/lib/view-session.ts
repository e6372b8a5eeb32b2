import { isApiError } from './api-error'
import { reportViews, tellOwnProgress } from './file-views'
import { PlayedRanges } from './played-ranges'
import { createViewReporter, type ReportOutcome } from './view-reporter'

/**
 * Files the server counts no views of (no duration: 409), or not for this viewer (404): asked
 * once per page, not by every player of them.
 */
const notCounted = new Set<string>()

/** Whether the server said it counts no views of `name` for this viewer. */
export const viewsNotCounted = (name: string): boolean => notCounted.has(name)

/** Forgets which files were not counted (tests only). */
export const resetViewReporting = (): void => notCounted.clear()

const watched = new WeakSet<HTMLMediaElement>()

/** Whether a player's events are being followed (tests wait for it). */
export const isWatched = (element: HTMLMediaElement): boolean => watched.has(element)

/**
 * Follows a player of `name` (docs/files.md, "On the web"): ranges from its `play`,
 * `timeupdate`, `seeking`, `pause` and `ended` events, reported every few seconds while it
 * plays, at once on pause and end, and with `keepalive` when the page is hidden or left, or the
 * player goes. Each answer, the viewer's progress, is told to whoever shows it
 * (`onOwnProgress`). Returns the function that lets the player go.
 */
export const watchPlayer = (element: HTMLMediaElement, name: string): (() => void) => {
  if (notCounted.has(name)) return () => undefined
  const ranges = new PlayedRanges()
  const send = async (
    taken: [number, number][],
    { keepalive }: { keepalive: boolean },
  ): Promise<ReportOutcome> => {
    try {
      tellOwnProgress(name, await reportViews(name, taken, keepalive))
      return 'sent'
    } catch (failure) {
      if (isApiError(failure) && (failure.status === 409 || failure.status === 404)) {
        notCounted.add(name)
        return 'stop'
      }
      if (isApiError(failure) && failure.status === 400) return 'refused'
      throw failure
    }
  }
  const reporter = createViewReporter({ ranges, send })
  const at = () => element.currentTime

  const onPlay = () => {
    ranges.play(at())
    reporter.playing()
  }
  const onTime = () => ranges.observe(at())
  const onSeeking = () => ranges.seek()
  const onPause = () => {
    ranges.pause(at())
    reporter.paused()
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') reporter.hidden()
  }
  const onPageHide = () => reporter.hidden()

  const events: [string, () => void][] = [
    ['play', onPlay],
    ['timeupdate', onTime],
    ['seeking', onSeeking],
    ['pause', onPause],
    ['ended', onPause],
  ]
  for (const [event, handler] of events) element.addEventListener(event, handler)
  document.addEventListener('visibilitychange', onVisibility)
  window.addEventListener('pagehide', onPageHide)
  // A player that started before this code was in starts its range where it stands.
  if (!element.paused) onPlay()
  watched.add(element)
  return () => {
    watched.delete(element)
    for (const [event, handler] of events) element.removeEventListener(event, handler)
    document.removeEventListener('visibilitychange', onVisibility)
    window.removeEventListener('pagehide', onPageHide)
    // The player goes (its comment scrolled away, the discussion closed): what it played goes.
    ranges.pause(at())
    reporter.dispose()
  }
}
