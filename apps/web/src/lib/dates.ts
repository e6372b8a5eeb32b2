import { dateFormats } from '@palabre/contracts'
import { format, isValid, parseISO } from 'date-fns'
import { enUS, fr } from 'date-fns/locale'
import type { Language } from '../i18n'

const locales = { en: enUS, fr } as const

/** The contracts' patterns, in English; the French one says 'à' where the English says 'at'. */
const patternFor = (pattern: string, lang: Language): string =>
  lang === 'fr' ? pattern.replace("'at'", "'à'") : pattern

/**
 * Formats an ISO date in the viewer's time zone. A date the server got wrong shows nothing
 * rather than breaking the whole wall (date-fns throws on an invalid date).
 */
const formatIso = (iso: string, pattern: string, lang: Language): string => {
  const date = parseISO(iso)
  if (!isValid(date)) return ''
  return format(date, patternFor(pattern, lang), { locale: locales[lang] })
}

/** The post card's date, 'd MMM y at HH:mm' (docs/wall.md, "Post card"). */
export const formatPostDate = (iso: string, lang: Language): string =>
  formatIso(iso, dateFormats.postCard, lang)

/** The discussion header's date, 'd MMM HH:mm' (docs/wall.md, "Discussion"). */
export const formatDiscussionDate = (iso: string, lang: Language): string =>
  formatIso(iso, dateFormats.discussion, lang)

/** A comment's date, 'd MMM y HH:mm' (docs/wall.md, "Discussion"). */
export const formatCommentDate = (iso: string, lang: Language): string =>
  formatIso(iso, dateFormats.comment, lang)
