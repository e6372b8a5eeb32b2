import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { Brand } from '../../components/brand'
import { LanguageToggle } from '../../components/language-toggle'
import { LandingNav } from './landing-nav'

/**
 * Header of the landing page. Above 500px the anchors sit in the bar; at 500px or below
 * they move into a full-screen menu overlay opened by the hamburger button (docs/behaviour.md, "Landing and
 * privacy pages").
 */
export const LandingHeader = () => {
  const { t } = useTranslation()
  const [menuOpen, setMenuOpen] = useState(false)
  const openButton = useRef<HTMLButtonElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!menuOpen) return
    closeButton.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [menuOpen])

  const close = () => {
    setMenuOpen(false)
    openButton.current?.focus()
  }

  return (
    <header className="landing-header">
      <Link to="/landing-page" className="landing-header__brand">
        <Brand />
      </Link>
      <nav className="landing-header__nav" aria-label={t('nav.main')}>
        <LandingNav />
      </nav>
      <div className="landing-header__actions">
        <LanguageToggle />
        <Link className="btn btn-ghost landing-header__wide" to="/auth">
          {t('nav.login')}
        </Link>
        <Link className="btn btn-primary landing-header__wide" to="/inscription">
          {t('nav.tryIt')}
        </Link>
        <button
          ref={openButton}
          type="button"
          className="landing-header__burger"
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="landing-menu"
          onClick={() => setMenuOpen(true)}
        >
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          <span aria-hidden="true" />
        </button>
      </div>
      {menuOpen && (
        <div
          id="landing-menu"
          className="landing-menu"
          role="dialog"
          aria-modal="true"
          aria-label={t('nav.main')}
        >
          <div className="landing-menu__top">
            <Brand />
            <button
              ref={closeButton}
              type="button"
              className="landing-menu__close"
              aria-label={t('nav.closeMenu')}
              onClick={close}
            >
              ×
            </button>
          </div>
          <nav aria-label={t('nav.main')}>
            <LandingNav onNavigate={() => setMenuOpen(false)} />
          </nav>
          <div className="landing-menu__actions">
            <Link className="btn btn-secondary btn-block" to="/auth">
              {t('nav.login')}
            </Link>
            <Link className="btn btn-primary btn-block" to="/inscription">
              {t('nav.tryIt')}
            </Link>
          </div>
        </div>
      )}
    </header>
  )
}
