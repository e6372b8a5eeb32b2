import { viewCreditRate, viewMessages, watchedThreshold } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { isDuplicateKey } from '../database.js'
import { DomainError } from '../posts/domain-error.js'
import { userModel } from '../users/user-model.js'
import { fileViewModel, viewKey } from './view-model.js'
import type { FileViewDoc, PlayedRange } from './view-model.js'

export type { PlayedRange } from './view-model.js'

/** The most disjoint played ranges kept for one viewer of one file. */
export const maxStoredRanges = 1000

/** How many times a report reads and writes again after another report wrote first. */
const MAX_ATTEMPTS = 50

/** One viewer's progress: the credited share of the duration, and when it reached 90 %. */
export interface ViewProgress {
  watchedFraction: number
  completedAt: Date | null
}

export interface ViewReportResult extends ViewProgress {
  /** Whether the report moved the progress (the share or the completion): the uploader is told. */
  changed: boolean
}

export interface ViewerRow extends ViewProgress {
  phone: string
  name: string
}

export interface ViewReport {
  /** The stored name of the file. */
  file: string
  viewer: string
  /** The duration stored at upload, in seconds (> 0). */
  durationSeconds: number
  ranges: readonly PlayedRange[]
}

/**
 * Proof of viewing (docs/files.md, "Proof of viewing"): the ranges a reader played, merged per
 * (file, viewer), and the seconds credited for them, which grow at most a little faster than
 * the time since the viewer's first report.
 */
export interface FileViewService {
  /** Merges a viewer's report into what they reported before and credits it. */
  report(report: ViewReport): Promise<ViewReportResult>
  /** A viewer's progress (0 and null when they never reported). */
  progressOf(file: string, viewer: string, durationSeconds: number): Promise<ViewProgress>
  /**
   * The rows of `readers` and of everyone who reported on the file, but `except` (the uploader),
   * with their names, sorted by name then phone.
   */
  table(
    file: string,
    durationSeconds: number,
    readers: readonly string[],
    except: string,
  ): Promise<ViewerRow[]>
}

/** Ranges clipped to [0, duration], the empty ones dropped. */
export const clipRanges = (ranges: readonly PlayedRange[], duration: number): PlayedRange[] =>
  ranges
    .map(([start, end]): PlayedRange => [Math.max(0, start), Math.min(duration, end)])
    .filter(([start, end]) => start < end)

/** The union of ranges: sorted, disjoint, touching ranges joined. */
export const mergeRanges = (ranges: readonly PlayedRange[]): PlayedRange[] => {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: PlayedRange[] = []
  for (const [start, end] of sorted) {
    const last = merged.at(-1)
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  return merged
}

/** Seconds covered by disjoint ranges. */
export const playedSeconds = (ranges: readonly PlayedRange[]): number =>
  ranges.reduce((sum, [start, end]) => sum + (end - start), 0)

/**
 * The most seconds that may be credited `elapsedSeconds` after the viewer's first report: 1.1
 * times the elapsed time, and nothing more. A first report is credited nothing, whatever it
 * claims, or one call would make any video shorter than the allowance watched without playing
 * it; players report as playing starts instead (docs/files.md, "Proof of viewing").
 */
export const creditCap = (elapsedSeconds: number): number =>
  Math.max(0, elapsedSeconds) * viewCreditRate

/**
 * The seconds credited after a report: what the merged ranges cover, at most the cap and the
 * duration, and never less than before.
 */
export const creditedAfter = ({
  before,
  played,
  elapsedSeconds,
  durationSeconds,
}: {
  before: number
  played: number
  elapsedSeconds: number
  durationSeconds: number
}): number => Math.max(before, Math.min(played, creditCap(elapsedSeconds), durationSeconds))

const fractionOf = (credited: number, duration: number): number =>
  duration > 0 ? Math.min(1, Math.max(0, credited / duration)) : 0

const isWatched = (credited: number, duration: number): boolean =>
  fractionOf(credited, duration) >= watchedThreshold

const sameRanges = (a: readonly PlayedRange[], b: readonly PlayedRange[]): boolean =>
  a.length === b.length && a.every(([s, e], i) => s === b[i]?.[0] && e === b[i]?.[1])

/** Reads names in slices, so an announcement's thousands of readers make no giant query. */
const NAME_SLICE = 1000

export const createFileViewService = (
  connection: Connection,
  clock: () => Date,
): FileViewService => {
  const View = fileViewModel(connection)
  const User = userModel(connection)

  /** The state after a report, from the state before (none for a first report). */
  const next = (
    before: Pick<FileViewDoc, 'ranges' | 'firstReportAt' | 'creditedSeconds' | 'completedAt'>,
    { durationSeconds, ranges }: ViewReport,
    now: Date,
  ) => {
    const merged = mergeRanges([...before.ranges, ...clipRanges(ranges, durationSeconds)])
    if (merged.length > maxStoredRanges)
      throw new DomainError('bad_request', viewMessages.tooScattered)
    const credited = creditedAfter({
      before: before.creditedSeconds,
      played: playedSeconds(merged),
      elapsedSeconds: (now.getTime() - before.firstReportAt.getTime()) / 1000,
      durationSeconds,
    })
    const completedAt = before.completedAt ?? (isWatched(credited, durationSeconds) ? now : null)
    return {
      ranges: merged,
      creditedSeconds: credited,
      completedAt,
      changed: credited !== before.creditedSeconds || completedAt !== before.completedAt,
      rangesChanged: !sameRanges(merged, before.ranges),
    }
  }

  const result = (
    state: { creditedSeconds: number; completedAt: Date | null },
    duration: number,
    changed: boolean,
  ): ViewReportResult => ({
    watchedFraction: fractionOf(state.creditedSeconds, duration),
    completedAt: state.completedAt,
    changed,
  })

  return {
    async report(report) {
      const _id = viewKey(report.file, report.viewer)
      const duration = report.durationSeconds
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const now = clock()
        const doc = await View.findOne({ _id }).lean<FileViewDoc>()
        if (!doc) {
          // A first report: created by a plain insert, which a racing first report loses on
          // the key (docs/database-engine.md, "What an engine must give").
          const state = next(
            { ranges: [], firstReportAt: now, creditedSeconds: 0, completedAt: null },
            report,
            now,
          )
          try {
            await View.create({
              _id,
              file: report.file,
              viewer: report.viewer,
              ranges: state.ranges,
              firstReportAt: now,
              creditedSeconds: state.creditedSeconds,
              completedAt: state.completedAt,
              updatedAt: now,
              rev: 0,
            })
            return result(state, duration, state.changed)
          } catch (error) {
            if (!isDuplicateKey(error)) throw error
            continue
          }
        }
        const state = next(doc, report, now)
        if (!state.changed && !state.rangesChanged) return result(doc, duration, false)
        // Written only over the state it was computed from: a report that wrote in between
        // makes this one read again, so neither is lost.
        const written = await View.updateOne(
          { _id, rev: doc.rev },
          {
            $set: {
              ranges: state.ranges,
              creditedSeconds: state.creditedSeconds,
              completedAt: state.completedAt,
              updatedAt: now,
            },
            $inc: { rev: 1 },
          },
        )
        if (written.matchedCount === 1) return result(state, duration, state.changed)
      }
      throw new DomainError('unavailable', 'Too many reports at once: send it again.')
    },

    async progressOf(file, viewer, durationSeconds) {
      const doc = await View.findOne({ _id: viewKey(file, viewer) }).lean<FileViewDoc>()
      return {
        watchedFraction: doc ? fractionOf(doc.creditedSeconds, durationSeconds) : 0,
        completedAt: doc?.completedAt ?? null,
      }
    },

    async table(file, durationSeconds, readers, except) {
      const views = await View.find({ file }).lean<FileViewDoc[]>()
      const byViewer = new Map(views.map((view) => [view.viewer, view]))
      const phones = [...new Set([...readers, ...byViewer.keys()])].filter((p) => p !== except)
      const names = new Map<string, string>()
      for (let i = 0; i < phones.length; i += NAME_SLICE) {
        const people = await User.find({ phone: { $in: phones.slice(i, i + NAME_SLICE) } })
          .select({ phone: 1, nomPrenom: 1, _id: 0 })
          .lean<{ phone: string; nomPrenom: string }[]>()
        for (const person of people) names.set(person.phone, person.nomPrenom)
      }
      return phones
        .map((phone): ViewerRow => {
          const view = byViewer.get(phone)
          return {
            phone,
            name: names.get(phone) ?? '',
            watchedFraction: view ? fractionOf(view.creditedSeconds, durationSeconds) : 0,
            completedAt: view?.completedAt ?? null,
          }
        })
        .sort(
          (a, b) =>
            a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
            (a.phone < b.phone ? -1 : a.phone > b.phone ? 1 : 0),
        )
    },
  }
}
