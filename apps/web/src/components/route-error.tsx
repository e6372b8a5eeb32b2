import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router-dom'

/**
 * What shows when a page cannot be drawn: most often its code could not be fetched (the network
 * went away, or a new version replaced the files). Reloading fetches the current files.
 */
export const RouteError = () => {
  const { t } = useTranslation()
  const error = useRouteError()
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : ''
  return (
    <main className="route-error" role="alert">
      <h1>{t('routeError.title')}</h1>
      <p>{t('routeError.text')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </button>
      {detail && <p className="route-error__detail">{detail}</p>}
    </main>
  )
}
