import { getExport } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'

/**
 * 'Export my data', beside log-out (docs/export.md, "From the web app"): a plain download link,
 * so the browser's own download manager fetches the zip and shows its progress; nothing of it
 * goes through the page. It looks like the menu's other links.
 */
export const ExportLink = () => {
  const { t } = useTranslation()
  return (
    <a className="btn btn-secondary wall__admin" href={getExport.path} download>
      {t('wall.layout.exportMyData')}
    </a>
  )
}
