import { useMemo } from 'react'
import type { Group } from '../model/types'
import type { ItemVariant } from './contact-item'
import { GroupItem } from './group-item'
import { VirtualList } from './virtual-list'

export interface FolderListProps {
  folders: readonly Group[]
  /** The search word: a case-insensitive substring of the name ('' or spaces: no search). */
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
  className?: string
}

/** Folders are all loaded at once, so they are searched here (docs/wall.md, "Lists"). */
export const filterFolders = (folders: readonly Group[], word: string): readonly Group[] => {
  const needle = word.trim().toLowerCase()
  if (needle === '') return folders
  return folders.filter((folder) => folder.nomGroup.toLowerCase().includes(needle))
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
  className,
}: FolderListProps) => {
  const items = useMemo(() => filterFolders(folders, word), [folders, word])
  return (
    <VirtualList
      items={items}
      label={label}
      itemKey={idOf}
      rowData={rowData}
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
