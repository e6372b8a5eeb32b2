import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ProfilePanel } from '../../profile'

/** 'Profile', in the wall's menu: opens the person's own profile (docs/organisation.md, "Profiles"). */
export const ProfileButton = () => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="btn btn-secondary wall__admin" onClick={() => setOpen(true)}>
        {t('wall.layout.profile')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ProfilePanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
