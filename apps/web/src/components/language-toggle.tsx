import { useTranslation } from 'react-i18next'
import { languages, type Language } from '../i18n'
import './language-toggle.css'

/**
 * FR/EN switch of the landing page and the wall. Each language is a pressed-or-not button; the
 * choice is the browser's language setting, for every screen (docs/languages.md).
 */
export const LanguageToggle = () => {
  const { t, i18n } = useTranslation()
  const current = (i18n.resolvedLanguage ?? 'en') as Language
  return (
    <div className="language-toggle" role="group" aria-label={t('language.label')}>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          className="language-toggle__option"
          aria-pressed={language === current}
          lang={language}
          onClick={() => void i18n.changeLanguage(language)}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  )
}
