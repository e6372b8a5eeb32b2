import { exportHref, getExport } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import { useLang } from '../../../i18n/use-lang'

/**
 * 'Export my data', beside log-out (docs/export.md, "From the web app"): a plain download link,
 * so the browser's own download manager fetches the zip and shows its progress; nothing of it
 * goes through the page. It looks like the menu's other links. The export's pages are in the
 * screen's language.
 */
export const ExportLink = () => {
  const { t } = useTranslation()
  const lang = useLang()
  return (
    <a className="btn btn-secondary wall__admin" href={exportHref(getExport.path, lang)} download>
      {t('wall.layout.exportMyData')}
    </a>
  )
}
