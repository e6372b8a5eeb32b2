import type { Group } from '@palabre/contracts'
import { createContext, useContext, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import {
  folderName,
  folderNameTexts,
  postFolderName,
  type FolderNameTexts,
} from '../format/folder-name'
import type { PostView, WallScope } from '../model/types'
import './lists.css'

/** Who looks, and their folders: what naming a folder needs (docs/wall.md, "Folder names"). */
export interface FolderNamesSource {
  viewerPhone: string
  folders: readonly Group[]
}

const FolderNamesContext = createContext<FolderNamesSource>({ viewerPhone: '', folders: [] })

export const FolderNamesProvider = FolderNamesContext.Provider

/**
 * Names folders for the wall's components (docs/wall.md, "Folder names"): a folder of the list,
 * one a post names, the folder of the scope on screen.
 */
export const useFolderNames = () => {
  const { viewerPhone, folders } = useContext(FolderNamesContext)
  const { t } = useTranslation()
  return useMemo(() => {
    const texts = {
      more: (n: number) => t('wall.card.moreRecipients', { n }),
      onlyYou: t('wall.card.onlyYou'),
    }
    return {
      ofFolder: (folder: Group): FolderNameTexts =>
        folderNameTexts(folderName(folder, viewerPhone), texts),
      ofPostGroup: (group: { idGroup: string; name: string }, post: PostView): FolderNameTexts =>
        folderNameTexts(postFolderName(group, post, folders, viewerPhone), texts),
      ofScope: (scope: Extract<WallScope, { kind: 'folder' }>): FolderNameTexts => {
        const folder = folders.find((g) => g.idGroup === scope.idGroup)
        return folder
          ? folderNameTexts(folderName(folder, viewerPhone), texts)
          : { label: scope.name, full: scope.name, people: false }
      },
    }
  }, [viewerPhone, folders, t])
}

/**
 * A folder's name on screen: cut with an ellipsis when it does not fit, the whole of it in a
 * tooltip; an unnamed folder's summary ('Bruno, Chloé + 2') is read out as every name.
 */
export const FolderLabel = ({ name, className }: { name: FolderNameTexts; className?: string }) => (
  <span className={['folder-name', className].filter(Boolean).join(' ')} title={name.full}>
    {name.label === name.full ? (
      name.label
    ) : (
      <>
        <span aria-hidden="true">{name.label}</span>
        <span className="visually-hidden">{name.full}</span>
      </>
    )}
  </span>
)
