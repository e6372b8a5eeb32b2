import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { appConfig } from '../../config'

const rows = ['price', 'history', 'sending', 'support', 'other'] as const

/**
 * The pricing (docs/behaviour.md, "Landing and privacy pages"): the plans of the contracts, in
 * the screen's language; the English values are the contracts' own, verbatim.
 */
export const PricingSection = () => {
  const { t } = useTranslation()
  const plans = t('pricing.plans', { returnObjects: true })
  const features = [
    ...t('pricing.features', { returnObjects: true }),
    ...t('pricing.upcomingFeatures', { returnObjects: true }).map((feature) =>
      t('pricing.upcoming', { feature }),
    ),
  ]
  return (
    <section
      id="pricing"
      className="landing-section landing-section--alt"
      tabIndex={-1}
      aria-labelledby="pricing-title"
    >
      <h2 id="pricing-title">{t('pricing.title')}</h2>
      <p className="pricing__note">{t('pricing.perPerson')}</p>
      {/* The table scrolls sideways on a phone: the box takes the focus, so the arrow keys
          scroll it, and its name says what it holds (docs/behaviour.md, "Landing and privacy
          pages"). */}
      <div className="pricing__scroll" role="region" aria-label={t('pricing.table')} tabIndex={0}>
        <table className="pricing-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('pricing.plan')}</span>
              </th>
              {plans.map((plan) => (
                <th scope="col" key={plan.plan}>
                  {plan.plan}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row}>
                <th scope="row">{t(`pricing.${row}`)}</th>
                {plans.map((plan) => (
                  <td
                    key={plan.plan}
                    className={row === 'price' ? 'pricing-table__price' : undefined}
                  >
                    {plan[row]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="pricing__all">
        <strong>{t('pricing.allPlans')}</strong>
        <ul>
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
      <div className="pricing__cta">
        <Link className="btn btn-primary" to="/inscription">
          {t('pricing.choose')}
        </Link>
        <a
          className="btn btn-secondary"
          href={appConfig.salesBookingUrl}
          target="_blank"
          rel="noreferrer"
        >
          {t('pricing.contact')}
        </a>
      </div>
    </section>
  )
}
