import { exportHref, getAdminExport } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'

/**
 * The organisation's export (docs/export.md; docs/organisation.md, "The console"): a section of
 * its own, a plain download the browser shows, its pages in the screen's language.
 */
export const ExportSection = () => {
  const { t } = useTranslation()
  const lang = useLang()
  return (
    <div className="admin-section">
      <div className="admin-panel">
        <a className="btn btn-secondary" href={exportHref(getAdminExport.path, lang)} download>
          {t('admin.export.download')}
        </a>
        <p className="field__hint">{t('admin.export.hint')}</p>
      </div>
    </div>
  )
}
