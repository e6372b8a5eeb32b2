import { recipientDisplayName } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import { FolderLabel, useFolderNames } from '../lists/folder-names'
import type { WallScope } from '../model/types'

/**
 * The centre column's title (docs/wall.md, "Scope, paging and search"): 'General', the folder's
 * name (an unnamed folder's people, "Folder names"), or the contact's name with 'non inscris'
 * when the contact has no account. It takes the width the bar has, on up to two lines.
 */
export const ScopeTitle = ({ scope }: { scope: WallScope }) => {
  const { t } = useTranslation()
  const folderNames = useFolderNames()
  const contact = scope.kind === 'contact' ? recipientDisplayName(scope) : undefined
  return (
    <h1 className="centre__title" data-testid="scope-title" title={contact}>
      {scope.kind === 'general' && t('wall.layout.general')}
      {scope.kind === 'folder' && (
        <FolderLabel name={folderNames.ofScope(scope)} className="centre__title-folder" />
      )}
      {contact !== undefined && scope.kind === 'contact' && (
        <>
          {contact}
          {!scope.registered && (
            <span className="centre__not-registered"> {t('wall.layout.notRegistered')}</span>
          )}
        </>
      )}
    </h1>
  )
}
