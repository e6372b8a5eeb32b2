import { useTranslation } from 'react-i18next'
import type { Group } from '../model/types'
import type { ItemVariant } from './contact-item'
import { FolderLabel, useFolderNames } from './folder-names'
import { FolderIcon } from './icons'
import './lists.css'

export interface GroupItemProps {
  group: Group
  variant: ItemVariant
  /** checkbox variant: whether the folder is picked. */
  checked?: boolean
  onToggle?: (group: Group) => void
  /** menu variant: opens the folder's posts. */
  onOpen?: (group: Group) => void
  /** menu variant: the folder whose posts are shown. */
  active?: boolean
}

/** A badge never grows wider than three characters. */
const badgeText = (count: number): string => (count > 99 ? '99+' : String(count))

/**
 * One shared folder of a list (docs/wall.md, "Lists"): in the left column a button with the
 * folder icon and its unread count, in the pickers a labelled checkbox. Its name is cut with an
 * ellipsis when it does not fit, and an unnamed folder reads as its people (docs/wall.md,
 * "Folder names").
 */
export const GroupItem = ({
  group,
  variant,
  checked = false,
  onToggle,
  onOpen,
  active = false,
}: GroupItemProps) => {
  const { t } = useTranslation()
  const names = useFolderNames()
  const name = (
    <span className="list-item__text">
      <FolderLabel name={names.ofFolder(group)} className="list-item__name" />
    </span>
  )
  if (variant === 'checkbox') {
    return (
      <label className="list-item list-item--checkbox">
        <input
          type="checkbox"
          className="list-item__checkbox"
          checked={checked}
          onChange={() => onToggle?.(group)}
        />
        <span className="list-item__icon">
          <FolderIcon />
        </span>
        {name}
      </label>
    )
  }
  const unread = group.nbrNotifNonLu
  return (
    <button
      type="button"
      className="list-item list-item--menu"
      aria-current={active ? 'true' : undefined}
      onClick={() => onOpen?.(group)}
    >
      <span className="list-item__icon">
        <FolderIcon />
      </span>
      {name}
      {unread > 0 && (
        <span className="list-item__badge" data-testid="unread-badge">
          <span aria-hidden="true">{badgeText(unread)}</span>
          <span className="visually-hidden">{t('wall.modals.lists.unread', { n: unread })}</span>
        </span>
      )}
    </button>
  )
}
