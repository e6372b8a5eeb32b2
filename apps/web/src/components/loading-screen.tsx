import { useTranslation } from 'react-i18next'
import './loading-screen.css'

/** Shown while a page's code arrives or the session is being asked of the server. */
export const LoadingScreen = () => {
  const { t } = useTranslation()
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <span className="loading-screen__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  )
}
