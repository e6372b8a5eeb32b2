import { useMemo, type ReactNode } from 'react'
import { matchesSearch } from '../format/search-key'
import type { Group } from '../model/types'
import type { ItemVariant } from './contact-item'
import { useFolderNames } from './folder-names'
import { GroupItem } from './group-item'
import { VirtualList } from './virtual-list'

export interface FolderListProps {
  folders: readonly Group[]
  /** The search word: a substring of the name, case and accents aside ('' or spaces: none). */
  word?: string
  variant: ItemVariant
  /** idGroup of the picked folders (checkbox variant). */
  selected?: ReadonlySet<string>
  onToggle?: (group: Group) => void
  onOpen?: (group: Group) => void
  /** The idGroup of the folder whose posts are shown (menu variant). */
  activeId?: string
  /** The accessible name of the list. */
  label: string
  /** What the list shows when there is no folder at all and nothing is searched. */
  noFolders?: ReactNode
  className?: string
}

/**
 * Folders are all loaded at once, so they are searched here (docs/wall.md, "Lists"): the word is
 * a substring of the name as shown (an unnamed folder's people), case and accents aside.
 */
export const filterFolders = (
  folders: readonly Group[],
  word: string,
  nameOf: (folder: Group) => string = (folder) => folder.nomGroup,
): readonly Group[] => {
  if (word.trim() === '') return folders
  return folders.filter((folder) => matchesSearch(nameOf(folder), word))
}

const rowData = (group: Group) => ({
  'data-testid': 'folder-item',
  'data-group-id': group.idGroup,
})
const idOf = (group: Group) => group.idGroup

/** The shared folders, filtered by the search word and drawn as they scroll into view. */
export const FolderList = ({
  folders,
  word = '',
  variant,
  selected,
  onToggle,
  onOpen,
  activeId,
  label,
  noFolders,
  className,
}: FolderListProps) => {
  const names = useFolderNames()
  const items = useMemo(
    () => filterFolders(folders, word, (folder) => names.ofFolder(folder).full),
    [folders, word, names],
  )
  return (
    <VirtualList
      items={items}
      label={label}
      itemKey={idOf}
      rowData={rowData}
      {...(noFolders !== undefined && folders.length === 0 && word.trim() === ''
        ? { empty: noFolders }
        : {})}
      className={className}
      renderItem={(group) => (
        <GroupItem
          group={group}
          variant={variant}
          checked={selected?.has(group.idGroup) ?? false}
          onToggle={onToggle}
          onOpen={onOpen}
          active={group.idGroup === activeId}
        />
      )}
    />
  )
}
