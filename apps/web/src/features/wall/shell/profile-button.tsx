import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ProfilePanel } from '../../profile'

// The form comes when it is opened, not with the wall's page (docs/bundle-budgets.md).
const ChangePasswordForm = lazy(async () => ({
  default: (await import('../password/change-password-form')).ChangePasswordForm,
}))

/**
 * 'Profile', in the wall's menu: opens the person's own profile (docs/organisation.md,
 * "Profiles"), from which 'Change password' opens the password change (docs/behaviour.md,
 * "Password change"). One entry for both keeps the menu short, so the lists above keep their room.
 */
export const ProfileButton = ({ variant = 'button' }: { variant?: 'button' | 'link' }) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState<'profile' | 'password' | undefined>()
  const close = () => setOpen(undefined)
  return (
    <>
      <button
        type="button"
        className={variant === 'link' ? 'link-button' : 'btn btn-secondary wall__admin'}
        onClick={() => setOpen('profile')}
      >
        {t('wall.layout.profile')}
      </button>
      {open !== undefined && (
        <Suspense fallback={null}>
          {open === 'profile' ? (
            <ProfilePanel onClose={close} onChangePassword={() => setOpen('password')} />
          ) : (
            <ChangePasswordForm onClose={close} />
          )}
        </Suspense>
      )}
    </>
  )
}
