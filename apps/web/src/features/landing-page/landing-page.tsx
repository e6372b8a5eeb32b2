import { useEffect } from 'react'
import { HeroSection } from './hero-section'
import { LandingFooter } from './landing-footer'
import { LandingHeader } from './landing-header'
import { PricingSection } from './pricing-section'
import { SolutionCarousel } from './solution-carousel'
import { WhatSection } from './what-section'
import { WhySection } from './why-section'
import './landing-page.css'

/**
 * The bilingual public landing page, in the browser's language setting (docs/behaviour.md,
 * "Landing and privacy pages"); `<html lang>` follows the setting (docs/languages.md).
 */
export const LandingPage = () => {
  useEffect(() => {
    document.title = 'Palabre'
  }, [])

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
