import {
  buildPath,
  filesRoutes,
  type FileViews,
  type VideoViewedPayload,
  type ViewProgress,
} from '@palabre/contracts'
import { callRoute } from './api-client'
import type { PlayedRange } from './played-ranges'

/**
 * Proof of viewing as the web app reads and reports it (docs/files.md, "Proof of viewing" and
 * "On the web"): the calls, and the changes a views table takes after a report or a live
 * `videoViewed`.
 */
export const fetchFileViews = (name: string, signal?: AbortSignal): Promise<FileViews> =>
  callRoute(filesRoutes.getFileViews, { params: { name }, ...(signal ? { signal } : {}) })

export const reportViews = (
  name: string,
  ranges: PlayedRange[],
  keepalive: boolean,
): Promise<ViewProgress> =>
  callRoute(filesRoutes.postFileViews, { params: { name }, body: { ranges }, keepalive })

/** The views table as a CSV download, for the sender and administrators. */
export const fileViewsCsvUrl = (name: string): string =>
  buildPath(filesRoutes.getFileViewsCsv.path, { name })

/** The same as a spreadsheet (.xlsx), every cell a text (docs/security.md, "Downloads people open"). */
export const fileViewsXlsxUrl = (name: string): string =>
  buildPath(filesRoutes.getFileViewsXlsx.path, { name })

/**
 * One person's new progress in a file's views: their row changes, and a progress never goes
 * back (a late answer to an earlier report). Nobody's row is added: the table holds the
 * readers the server listed (the sender's own views are not among them).
 */
export const withProgress = (
  views: FileViews | undefined,
  phone: string,
  progress: ViewProgress,
): FileViews | undefined => {
  if (views === undefined || !views.viewers.some((v) => v.phone === phone)) return views
  return {
    ...views,
    viewers: views.viewers.map((v) =>
      v.phone === phone
        ? {
            ...v,
            watchedFraction: Math.max(v.watchedFraction, progress.watchedFraction),
            completedAt: v.completedAt ?? progress.completedAt,
          }
        : v,
    ),
  }
}

/** Whether a live `videoViewed` names someone the cached table does not hold (read it again). */
export const viewerUnknown = (views: FileViews | undefined, viewed: VideoViewedPayload): boolean =>
  views !== undefined && !views.viewers.some((v) => v.phone === viewed.phone)

type ProgressListener = (name: string, progress: ViewProgress) => void
const listeners = new Set<ProgressListener>()

/**
 * Hears the viewer's progress as each report's answer gives it, from any player of the page
 * (a discussion's, the reader's over it). Returns the function that stops hearing it.
 */
export const onOwnProgress = (listener: ProgressListener): (() => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** A report's answer: the viewer's progress in `name`. */
export const tellOwnProgress = (name: string, progress: ViewProgress): void => {
  for (const listener of listeners) listener(name, progress)
}
