/**
 * What a player actually played of a file, as ranges of its timeline (docs/files.md, "On the
 * web"): a position reached by playing extends the range under way; a seek, or a jump between
 * two positions larger than `maxContinuousGap`, ends it and starts another where playing goes
 * on. Pure: the player's events are fed in, the ranges not yet reported are taken out.
 */

/** `[startSeconds, endSeconds]`, `0 <= start < end`, as `POST /api/files/<name>/views` takes it. */
export type PlayedRange = [number, number]

/**
 * The most two successive positions of one continuous playback may be apart, in seconds: a
 * player reports its position about four times a second, a busy one less often, and a faster
 * rate moves further between two reports. Farther is a jump, not playing.
 */
export const maxContinuousGap = 1.5

/**
 * How far a player may stand from where playing last stopped, or from the file's start, when it
 * starts playing, and still be taken as going on from there: a resumed player reports a frame
 * or so further than where it paused. Without it a video paused once and played to its end is
 * credited 99.99 %.
 */
export const resumeSlack = 0.25

/** Positions are kept to the millisecond: the server needs no more. */
const rounded = (seconds: number): number => Math.round(seconds * 1000) / 1000

/** The union of ranges, sorted, touching ones joined. */
export const unionOf = (ranges: readonly PlayedRange[]): PlayedRange[] => {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0])
  const merged: PlayedRange[] = []
  for (const [start, end] of sorted) {
    const last = merged.at(-1)
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  return merged
}

interface OpenRange {
  start: number
  /** The last position seen while playing. */
  end: number
  /** Up to where it was taken already: only what follows goes in the next report. */
  takenUntil: number
}

export class PlayedRanges {
  private playing = false
  private open: OpenRange | null = null
  /** Ended ranges, and the parts of the open one taken for a report that failed. */
  private pending: PlayedRange[] = []
  /** Where the last range ended, for a resume. */
  private lastEnd: number | null = null

  /** Playing started, or started again, at `position` (the player's `play`). */
  play(position: number): void {
    this.playing = true
    if (this.open === null) this.begin(position)
    else this.observe(position)
  }

  /** The player's position while it plays (its `timeupdate`); ignored while paused. */
  observe(position: number): void {
    if (!this.playing || !Number.isFinite(position)) return
    const open = this.open
    if (open !== null && position >= open.end && position - open.end <= maxContinuousGap) {
      open.end = position
      return
    }
    // Backwards, or too far ahead: playing stopped where it was last seen and goes on here.
    this.close()
    this.begin(position)
  }

  /** A seek (the player's `seeking`): the range ends where playing was last seen. */
  seek(): void {
    this.close()
  }

  /** Paused, or ended, at `position`: the range under way ends there. */
  pause(position: number): void {
    this.observe(position)
    this.close()
    this.playing = false
  }

  /**
   * The ranges played and not taken yet, at most `max` of them (a report's limit), joined: the
   * ended ones, and the part of the one under way since it was last taken. Taken means gone:
   * `giveBack` returns those whose report failed.
   */
  take(max = Number.POSITIVE_INFINITY): PlayedRange[] {
    const open = this.open
    if (open !== null && open.end > open.takenUntil) {
      this.pending.push([Math.max(open.start, open.takenUntil), open.end])
      open.takenUntil = open.end
    }
    const all = unionOf(
      this.pending
        .map(([start, end]): PlayedRange => [rounded(Math.max(0, start)), rounded(end)])
        .filter(([start, end]) => start < end),
    )
    const taken = all.slice(0, max)
    this.pending = all.slice(max)
    return taken
  }

  /** Ranges whose report failed: they go with the next one. */
  giveBack(ranges: readonly PlayedRange[]): void {
    this.pending.push(...ranges.map(([start, end]): PlayedRange => [start, end]))
  }

  /** Whether anything played is not taken yet. */
  get hasUntaken(): boolean {
    return this.pending.length > 0 || (this.open !== null && this.open.end > this.open.takenUntil)
  }

  private begin(position: number): void {
    if (!Number.isFinite(position)) return
    const last = this.lastEnd
    const start =
      position <= resumeSlack
        ? 0
        : last !== null && position >= last && position - last <= resumeSlack
          ? last
          : position
    this.open = { start, end: position, takenUntil: start }
  }

  private close(): void {
    const open = this.open
    if (open !== null && open.end > open.takenUntil)
      this.pending.push([Math.max(open.start, open.takenUntil), open.end])
    if (open !== null) this.lastEnd = open.end
    this.open = null
  }
}
