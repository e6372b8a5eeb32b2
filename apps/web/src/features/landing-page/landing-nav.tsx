import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { landingSections, scrollToSection } from './sections'

/** The section anchors; `onNavigate` lets the mobile overlay close itself after a choice. */
export const LandingNav = ({ onNavigate }: { onNavigate?: () => void }) => {
  const { t } = useTranslation()
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault()
    onNavigate?.()
    scrollToSection(id)
  }
  return (
    <ul className="landing-nav">
      {landingSections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`} onClick={(event) => go(event, section.id)}>
            {t(section.labelKey)}
          </a>
        </li>
      ))}
    </ul>
  )
}
