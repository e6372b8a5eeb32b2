import type { UserProfile } from '@palabre/contracts'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LanguageToggle } from '../../../components/language-toggle'
import { LogoutButton } from '../logout-button'
import { SideLists, type SideListsProps } from '../side/side-lists'
import { AdminLink } from './admin-link'
import { ExportLink } from './export-link'
import { NotificationsToggle } from './notifications-toggle'
import { ProfileButton } from './profile-button'
import { SignedInAs } from './signed-in-as'

/** The phone's top bar: filters, search, log-out (docs/wall.md, "Layout"). */
export const MobileBar = (props: {
  onFilters: () => void
  onSearch: () => void
  filtersOpen: boolean
  searchOpen: boolean
  onLogout: () => void
}) => {
  const { t } = useTranslation()
  return (
    <header className="wall__mobile-bar">
      <button
        type="button"
        className="icon-button"
        aria-label={t('wall.layout.filters')}
        aria-expanded={props.filtersOpen}
        aria-controls="wall-filters"
        onClick={props.onFilters}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path fill="currentColor" d="M3 6h18v2H3zm4 5h10v2H7zm3 5h4v2h-4z" />
        </svg>
      </button>
      <span className="wall__mobile-title">{t('wall.layout.appName')}</span>
      <button
        type="button"
        className="icon-button"
        aria-label={t('wall.layout.searchToggle')}
        aria-pressed={props.searchOpen}
        onClick={props.onSearch}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 9.5 16a6.5 6.5 0 0 0 4.2-1.6l.3.3v.8l5 5 1.5-1.5-5-5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z"
          />
        </svg>
      </button>
      <LogoutButton compact onBefore={props.onLogout} />
    </header>
  )
}

/**
 * The phone's panel, over the post list: who is signed in, the folders and contacts, and what the
 * desktop's left column offers below them, notifications and the language (docs/wall.md,
 * "Layout").
 */
export const MobileFilters = ({
  open,
  profile,
  ...lists
}: SideListsProps & { open: boolean; profile: UserProfile }) => {
  const { t } = useTranslation()
  if (!open) return null
  return (
    <nav id="wall-filters" className="wall__filters" aria-label={t('wall.layout.filters')}>
      <SignedInAs profile={profile} className="wall__filters-me" />
      <SideLists {...lists} />
      <div className="wall__side-bottom">
        <NotificationsToggle />
        <LanguageToggle />
        <ProfileButton />
        <ExportLink />
        <AdminLink profile={profile} />
      </div>
    </nav>
  )
}

/**
 * Whether the floating button steps aside (docs/wall.md, "Layout"): while the post list scrolls
 * down, so it covers no card's actions on the way; back as soon as it scrolls up, and at the top
 * and the end of the list, which keeps room under its last post for it.
 */
const useAwayWhileScrollingDown = () => {
  const [away, setAway] = useState(false)
  useEffect(() => {
    let last = 0
    const onScroll = (event: Event) => {
      const list = event.target
      if (!(list instanceof HTMLElement) || !list.classList.contains('centre__list')) return
      const top = list.scrollTop
      setAway(top > last && top + list.clientHeight < list.scrollHeight - 1)
      last = top
    }
    document.addEventListener('scroll', onScroll, { capture: true, passive: true })
    return () => document.removeEventListener('scroll', onScroll, { capture: true })
  }, [])
  return away
}

/** The floating button that opens the send modal. */
export const NewMessageButton = ({ onClick }: { onClick: () => void }) => {
  const { t } = useTranslation()
  const away = useAwayWhileScrollingDown()
  return (
    <button
      type="button"
      className={away ? 'wall__fab wall__fab--away' : 'wall__fab'}
      aria-label={t('wall.layout.newMessage')}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path fill="currentColor" d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z" />
      </svg>
    </button>
  )
}
