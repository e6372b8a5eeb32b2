import { useTranslation } from 'react-i18next'

export const WhatSection = () => {
  const { t } = useTranslation()
  const features = t('what.items', { returnObjects: true })
  return (
    <section
      id="what-we-can-do"
      className="landing-section landing-section--alt"
      tabIndex={-1}
      aria-labelledby="what-title"
    >
      <h2 id="what-title">{t('what.title')}</h2>
      <ul className="landing-features">
        {features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </section>
  )
}
