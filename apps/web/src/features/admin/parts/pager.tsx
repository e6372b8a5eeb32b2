import { adminPageSize } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'

/**
 * Previous and next over a list of `total` entries, 20 a page from the offset `n`
 * (docs/organisation.md, "Lists"), and where the page is: '21–40 of 45'.
 */
export const Pager = ({
  n,
  total,
  onPage,
}: {
  n: number
  total: number
  onPage: (n: number) => void
}) => {
  const { t } = useTranslation()
  const first = total === 0 ? 0 : n + 1
  const last = Math.min(n + adminPageSize, total)
  return (
    <nav className="admin-pager" aria-label={t('admin.pager.label')}>
      <button
        type="button"
        className="btn btn-secondary admin-pager__button"
        disabled={n === 0}
        onClick={() => onPage(Math.max(0, n - adminPageSize))}
      >
        {t('admin.pager.previous')}
      </button>
      <span className="admin-pager__range" aria-live="polite">
        {t('admin.pager.range', { first, last, total })}
      </span>
      <button
        type="button"
        className="btn btn-secondary admin-pager__button"
        disabled={n + adminPageSize >= total}
        onClick={() => onPage(n + adminPageSize)}
      >
        {t('admin.pager.next')}
      </button>
    </nav>
  )
}
