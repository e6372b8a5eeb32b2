import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { registerNotFoundTexts } from '../../i18n/catalogue/not-found'
import './not-found-page.css'

/**
 * The 404 page (docs/behaviour.md, "Screens and routes"): a title, 'Error 404' and the
 * explanation, with a way home, in the screen's language (docs/languages.md).
 */
export const NotFoundPage = () => {
  const { t, i18n } = useTranslation()
  // Before anything renders: the page's texts come with its code.
  useState(() => registerNotFoundTexts(i18n))
  const title = t('notFound.title')
  useEffect(() => {
    document.title = `${title} · Palabre`
  }, [title])
  return (
    <main className="not-found">
      <div className="not-found__card">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1>{title}</h1>
        <p>{t('notFound.text')}</p>
        <Link className="btn btn-primary" to="/">
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  )
}
