import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { appConfig } from '../../config'
import { StoreBadges } from './store-badges'

export const HeroSection = () => {
  const { t } = useTranslation()
  return (
    <section className="landing-hero" aria-labelledby="landing-title">
      <div className="landing-hero__text">
        <h1 id="landing-title">{t('hero.title')}</h1>
        <p className="landing-hero__subtitle">{t('hero.subtitle')}</p>
        <div className="landing-hero__cta">
          <Link className="btn btn-primary" to="/inscription">
            {t('nav.tryIt')}
          </Link>
          <Link className="btn btn-secondary" to="/auth">
            {t('nav.login')}
          </Link>
          <a
            className="btn btn-ghost"
            href={appConfig.salesBookingUrl}
            target="_blank"
            rel="noreferrer"
          >
            {t('hero.contactSales')}
          </a>
        </div>
        <StoreBadges />
      </div>
      <img
        className="landing-hero__image"
        src="/solution/wall.svg"
        alt={t('hero.imageAlt')}
        width={640}
        height={400}
      />
    </section>
  )
}
