import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { HeroSection } from './hero-section'
import { LandingFooter } from './landing-footer'
import { LandingHeader } from './landing-header'
import { PricingSection } from './pricing-section'
import { SolutionCarousel } from './solution-carousel'
import { WhatSection } from './what-section'
import { WhySection } from './why-section'
import './landing-page.css'

/** The bilingual public landing page, English by default (docs/behaviour.md, "Landing and privacy pages"). */
export const LandingPage = () => {
  const { i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? 'en'

  useEffect(() => {
    document.title = 'Palabre'
    document.documentElement.lang = language
  }, [language])

  return (
    <div className="landing">
      <LandingHeader />
      <main>
        <HeroSection />
        <WhySection />
        <WhatSection />
        <SolutionCarousel />
        <PricingSection />
      </main>
      <LandingFooter />
    </div>
  )
}
