import type { UserProfile } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import { Brand } from '../../../components/brand'
import { LanguageToggle } from '../../../components/language-toggle'
import { LogoutButton } from '../logout-button'
import { SideLists, type SideListsProps } from '../side/side-lists'
import { AdminLink } from './admin-link'
import { ExportLink } from './export-link'
import { NotificationsToggle } from './notifications-toggle'
import { ProfileButton } from './profile-button'
import { SignedInAs } from './signed-in-as'

/** The desktop's left column (docs/wall.md, "Layout"). */
export const DesktopSide = ({
  profile,
  onNewMessage,
  onLogout,
  ...lists
}: SideListsProps & {
  profile: UserProfile
  onNewMessage: () => void
  onLogout: () => void
}) => {
  const { t } = useTranslation()
  return (
    <nav className="wall__side" aria-label={t('wall.layout.filters')}>
      <div className="wall__side-top">
        <Brand />
        {/* Under the person's name, their profile, as messengers put it (docs/wall.md, "Layout"). */}
        <SignedInAs profile={profile}>
          <ProfileButton variant="link" />
        </SignedInAs>
        <button type="button" className="btn btn-primary wall__new" onClick={onNewMessage}>
          {t('wall.layout.newMessage')}
        </button>
      </div>
      <SideLists {...lists} />
      <div className="wall__side-bottom">
        <NotificationsToggle />
        <LanguageToggle />
        <ExportLink />
        <AdminLink profile={profile} />
        <LogoutButton onBefore={onLogout} />
      </div>
    </nav>
  )
}
