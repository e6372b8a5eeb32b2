import { useTranslation } from 'react-i18next'
import { appConfig } from '../../config'

/** The two store badges; their links come from config (docs/behaviour.md, "Links from configuration"). Drawn inline, no image host. */
export const StoreBadges = () => {
  const { t } = useTranslation()
  return (
    <div className="store-badges" aria-label={t('hero.stores')} role="group">
      <a className="store-badge" href={appConfig.appleStoreUrl} target="_blank" rel="noreferrer">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="store-badge__icon">
          <path
            fill="currentColor"
            d="M12 7c2-2 5-2 6.5 0-2 1.500-2 5 .5 6.500-1 3-3 5.500-4.500 5.500-1 0-1.500-.5-2.500-.5s-1.500.5-2.500.5C7.500 19 5 15 5 11.500 5 7.500 9 6 12 7z"
          />
          <path fill="currentColor" d="M12 6c0-2 1.500-3.500 3.500-4 0 2-1.500 3.500-3.500 4z" />
        </svg>
        <span>{t('hero.appStore')}</span>
      </a>
      <a className="store-badge" href={appConfig.googleStoreUrl} target="_blank" rel="noreferrer">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="store-badge__icon">
          <path fill="#34a853" d="M4 3l10 9-10 9z" />
          <path fill="#fbbc04" d="M14 12l3-3 4 2.200c.8.5.8 1.100 0 1.600L17 15z" />
          <path fill="#ea4335" d="M4 21l10-9 3 3z" />
          <path fill="#4285f4" d="M4 3l13 6-3 3z" />
        </svg>
        <span>{t('hero.googlePlay')}</span>
      </a>
    </div>
  )
}
