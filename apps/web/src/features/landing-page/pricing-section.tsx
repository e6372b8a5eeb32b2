import {
  pricingCommonFeatures,
  pricingPlans,
  pricingUpcomingFeatures,
  type PricingPlan,
} from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { appConfig } from '../../config'

const rows = [
  'price',
  'history',
  'sending',
  'support',
  'other',
] as const satisfies readonly (keyof PricingPlan)[]

/** The pricing (docs/behaviour.md, "Landing and privacy pages"): values verbatim, only row labels translate. */
export const PricingSection = () => {
  const { t } = useTranslation()
  return (
    <section
      id="pricing"
      className="landing-section landing-section--alt"
      tabIndex={-1}
      aria-labelledby="pricing-title"
    >
      <h2 id="pricing-title">{t('pricing.title')}</h2>
      <p className="pricing__note">{t('pricing.perPerson')}</p>
      <div className="pricing__scroll">
        <table className="pricing-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('pricing.plan')}</span>
              </th>
              {pricingPlans.map((plan) => (
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
                {pricingPlans.map((plan) => (
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
          {[...pricingCommonFeatures, ...pricingUpcomingFeatures.map((f) => `${f} (upcoming)`)].map(
            (feature) => (
              <li key={feature}>{feature}</li>
            ),
          )}
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
