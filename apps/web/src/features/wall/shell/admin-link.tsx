import type { UserProfile } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useIsAdministrator } from '../queries/use-role'

/** The administrators' console (docs/organisation.md). */
export const adminPath = '/admin'

/**
 * 'Administration', beside log-out, for administrators only (docs/wall.md, "Layout"): it opens
 * the administrators' console. Members see nothing.
 */
export const AdminLink = ({ profile }: { profile: UserProfile }) => {
  const { t } = useTranslation()
  const administrator = useIsAdministrator(profile)
  if (!administrator) return null
  return (
    <Link className="btn btn-secondary wall__admin" to={adminPath}>
      {t('wall.layout.administration')}
    </Link>
  )
}
