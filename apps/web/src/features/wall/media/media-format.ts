import type { FileViews, Viewer } from '@palabre/contracts'
import type { Language } from '../../../i18n'

/**
 * A share of a file watched, as a percentage of the screen's language, rounded down: 89.9 %
 * reads 89 %, never a 90 % that is not watched (docs/wall.md, "Proof of viewing").
 */
export const percentText = (fraction: number, lang: Language): string =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(
    Math.floor(Math.min(1, Math.max(0, fraction)) * 100) / 100,
  )

/** How the viewer sees a video's views: their own progress, or everyone's (the sender's table). */
export type ViewsShown = { kind: 'own'; row: Viewer } | { kind: 'table'; rows: Viewer[] }

/**
 * The server answers a reader their own row only, and the sender and administrators every
 * reader, the sender left out (docs/files.md, "Proof of viewing"): one row that is the viewer's
 * is their progress; anything else is the table. An administrator who is the only other reader
 * gets their own progress, which is all that table would say.
 */
export const viewsShown = (views: FileViews, viewer: string): ViewsShown => {
  const [only] = views.viewers
  return views.viewers.length === 1 && only !== undefined && only.phone === viewer
    ? { kind: 'own', row: only }
    : { kind: 'table', rows: views.viewers }
}

/** A length or a position in seconds as 'm:ss' (an hour and more: 'h:mm:ss'). */
export const clockText = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0))
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** A recording's length as shown: a whole second at least, to the nearest second. */
export const durationText = (seconds: number): string => clockText(Math.max(1, Math.round(seconds)))
