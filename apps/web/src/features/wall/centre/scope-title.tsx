import { recipientDisplayName } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import type { WallScope } from '../model/types'

/**
 * The centre column's title (docs/wall.md, "Scope, paging and search"): 'General', the folder's
 * name, or the contact's name with 'non inscris' when the contact has no account.
 */
export const ScopeTitle = ({ scope }: { scope: WallScope }) => {
  const { t } = useTranslation()
  return (
    <h1 className="centre__title" data-testid="scope-title">
      {scope.kind === 'general' && t('wall.layout.general')}
      {scope.kind === 'folder' && scope.name}
      {scope.kind === 'contact' && (
        <>
          {recipientDisplayName(scope)}
          {!scope.registered && (
            <span className="centre__not-registered"> {t('wall.layout.notRegistered')}</span>
          )}
        </>
      )}
    </h1>
  )
}
