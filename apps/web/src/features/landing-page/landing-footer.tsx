import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { Brand } from '../../components/brand'
import { StoreBadges } from './store-badges'

export const LandingFooter = () => {
  const { t } = useTranslation()
  return (
    <footer className="landing-footer">
      <Brand />
      <StoreBadges />
      <nav className="landing-footer__links" aria-label={t('footer.privacy')}>
        <Link to="/privacy-eng" lang="en">
          {t('footer.privacyEn')}
        </Link>
        <Link to="/privacy-fr" lang="fr">
          {t('footer.privacyFr')}
        </Link>
      </nav>
      <p className="landing-footer__rights">
        {t('footer.rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  )
}
