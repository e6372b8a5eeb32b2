import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'

// The form comes when it is opened, not with the wall's page (docs/bundle-budgets.md).
const Form = lazy(async () => ({
  default: (await import('../password/change-password-form')).ChangePasswordForm,
}))

/** 'Change password', beside log-out (docs/behaviour.md, "Password change"). */
export const ChangePasswordButton = () => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="btn btn-secondary wall__admin" onClick={() => setOpen(true)}>
        {t('wall.layout.changePassword')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Form onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
