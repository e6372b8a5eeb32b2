import { postsPerPage, searchCountBound } from '@palabre/contracts'
import type { Language } from '../../../i18n'
import { wallTextsIn } from '../../../i18n/catalogue/wall'

export interface PageRange {
  first: number
  last: number
  total: number
  canPrevious: boolean
  canNext: boolean
  /** 'first - last of total' ('sur' in French). */
  label: string
}

/**
 * The paging counter (docs/wall.md, "Scope, paging and search"). `firstIndex` is the 0-based index
 * of the page's first post: first = index + 1, last = min(index + pageSize, total); an empty scope
 * reads '0 - 0 of 0'. Next only while posts remain after this page, Previous only after the first.
 *
 * A search count above `searchCountBound` only says "more than that": the counter reads
 * '1 - 10 of 1,000+', the page's own length gives its last number (`onPage`, the posts it holds
 * once loaded), and Next stays while pages come back full.
 */
export const pageRange = (
  firstIndex: number,
  total: number,
  pageSize: number = postsPerPage,
  lang: Language = 'en',
  onPage?: number,
): PageRange => {
  const index = Math.max(0, Math.floor(firstIndex))
  const count = Math.max(0, Math.floor(total))
  const t = wallTextsIn(lang)
  if (count > searchCountBound) {
    const shown = Math.min(pageSize, Math.max(0, onPage ?? pageSize))
    const first = shown === 0 ? index : index + 1
    const last = index + shown
    const bound = new Intl.NumberFormat(lang).format(searchCountBound)
    const label = t('wall.card.pagingMany', { first, last, bound })
    return { first, last, total: count, canPrevious: index > 0, canNext: shown === pageSize, label }
  }
  const first = count === 0 ? 0 : Math.min(index + 1, count)
  const last = count === 0 ? 0 : Math.min(index + pageSize, count)
  const label = t('wall.card.paging', { first, last, total: count })
  return { first, last, total: count, canPrevious: index > 0, canNext: last < count, label }
}
