import { getAdminExport } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'

/**
 * The organisation's export (docs/export.md; docs/organisation.md, "The console"): a section of
 * its own, a plain download the browser shows.
 */
export const ExportSection = () => {
  const { t } = useTranslation()
  return (
    <div className="admin-section">
      <div className="admin-panel">
        <a className="btn btn-secondary" href={getAdminExport.path} download>
          {t('admin.export.download')}
        </a>
        <p className="field__hint">{t('admin.export.hint')}</p>
      </div>
    </div>
  )
}
