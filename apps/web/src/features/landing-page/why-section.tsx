import { useTranslation } from 'react-i18next'

export const WhySection = () => {
  const { t } = useTranslation()
  const items = t('why.items', { returnObjects: true })
  return (
    <section id="why" className="landing-section" tabIndex={-1} aria-labelledby="why-title">
      <h2 id="why-title">{t('why.title')}</h2>
      <ul className="landing-cards">
        {items.map((item) => (
          <li key={item.title} className="landing-card">
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
