import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { Brand } from '../../components/brand'
import { appConfig } from '../../config'
import type { Language } from '../../i18n'
import { registerPrivacyTexts } from '../../i18n/catalogue/privacy'
import './privacy-page.css'

const otherPath: Record<Language, string> = { en: '/privacy-fr', fr: '/privacy-eng' }
const otherLanguage: Record<Language, Language> = { en: 'fr', fr: 'en' }

/**
 * The privacy policy (docs/behaviour.md, "Landing and privacy pages") in one fixed language
 * (privacy-eng / privacy-fr), whatever the language setting says, with a link to the other
 * language and the sign-up/sign-in buttons.
 */
export const PrivacyPage = ({ language }: { language: Language }) => {
  const { t, i18n } = useTranslation(undefined, { lng: language })
  // Before anything renders: the page's texts come with its code.
  useState(() => registerPrivacyTexts(i18n))

  useEffect(() => {
    document.title = `${t('privacy.title')} · Palabre`
    document.documentElement.lang = language
    // Leaving it, the other screens are in the language setting's language again
    // (docs/languages.md, "The language setting").
    return () => {
      document.documentElement.lang = i18n.resolvedLanguage ?? 'en'
    }
  }, [t, i18n, language])

  return (
    <div className="privacy" lang={language}>
      <header className="privacy__header">
        <Link to="/landing-page" className="privacy__brand">
          <Brand />
        </Link>
        <Link
          to={otherPath[language]}
          lang={otherLanguage[language]}
          hrefLang={otherLanguage[language]}
        >
          {t('privacy.otherLanguage')}
        </Link>
      </header>
      <main className="privacy__card">
        <h1>{t('privacy.title')}</h1>
        <p>{t('privacy.intro')}</p>
        <h2>{t('privacy.accountTitle')}</h2>
        <ul>
          {t('privacy.account', { returnObjects: true }).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <h2>{t('privacy.usageTitle')}</h2>
        <ul>
          {t('privacy.usage', { returnObjects: true }).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <h2>{t('privacy.purposeTitle')}</h2>
        <p>{t('privacy.purpose')}</p>
        <h2>{t('privacy.rightsTitle')}</h2>
        <p>{t('privacy.rights')}</p>
        <p>
          <a href={`mailto:${appConfig.supportEmail}`}>{appConfig.supportEmail}</a>
        </p>
        <div className="privacy__actions">
          <Link className="btn btn-primary" to="/inscription">
            {t('privacy.signUp')}
          </Link>
          <Link className="btn btn-secondary" to="/auth">
            {t('privacy.signIn')}
          </Link>
        </div>
      </main>
    </div>
  )
}
