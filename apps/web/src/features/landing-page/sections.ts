/** The landing page's anchors in page order (docs/behaviour.md, "Landing and privacy pages"). */
export const landingSections = [
  { id: 'why', labelKey: 'nav.why' },
  { id: 'what-we-can-do', labelKey: 'nav.what' },
  { id: 'solution', labelKey: 'nav.solution' },
  { id: 'pricing', labelKey: 'nav.pricing' },
] as const

/** Smooth scroll without a jump of the router; the CSS keeps reduced-motion users unanimated. */
export const scrollToSection = (id: string): void => {
  const target = document.getElementById(id)
  if (target === null) return
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  target.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
  target.focus({ preventScroll: true })
}
