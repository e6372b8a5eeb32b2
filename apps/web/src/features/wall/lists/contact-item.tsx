import { contactStatuses, recipientDisplayName } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import { Avatar } from '../../../components/avatar'
import type { Contact } from '../model/types'
import { InfoIcon } from '../post-card/icons'
import { DeactivatedMark, withDeactivated } from './deactivated-mark'
import './lists.css'

export type ItemVariant = 'menu' | 'checkbox'

export interface ContactItemProps {
  contact: Contact
  variant: ItemVariant
  /** checkbox variant: whether the contact is picked. */
  checked?: boolean
  onToggle?: (contact: Contact) => void
  /** menu variant: opens the contact's posts. */
  onOpen?: (contact: Contact) => void
  /** menu variant: opens the contact's card (rename, delete), from a button beside the row. */
  onInfo?: (contact: Contact) => void
  /** menu variant: the contact whose posts are shown. */
  active?: boolean
}

/**
 * Name, '+phone' and the 'non inscris' mark of a contact (docs/wall.md, "Lists"), and the
 * 'deactivated' mark of one an administrator deactivated ("Deactivated people").
 */
const ContactText = ({ contact }: { contact: Contact }) => {
  const { t } = useTranslation()
  const named = contact.name.trim() !== ''
  return (
    <>
      <Avatar name={recipientDisplayName(contact)} photo={contact.photo} />
      <span className="list-item__text">
        <span className={withDeactivated('list-item__name', contact.deactivated)}>
          {recipientDisplayName(contact)}
        </span>
        {named && <span className="list-item__muted">+{contact.phone}</span>}
      </span>
      {contact.deactivated && <DeactivatedMark />}
      {contact.status !== contactStatuses.registered && (
        <span className="list-item__mark">{t('wall.modals.contact.notRegistered')}</span>
      )}
    </>
  )
}

/**
 * One contact of a list (docs/wall.md, "Lists"): in the left column a button opening the
 * contact's posts, with an info button beside it opening the contact's card; in the pickers a
 * labelled checkbox.
 */
export const ContactItem = ({
  contact,
  variant,
  checked = false,
  onToggle,
  onOpen,
  onInfo,
  active = false,
}: ContactItemProps) => {
  const { t } = useTranslation()
  if (variant === 'checkbox') {
    return (
      <label className="list-item list-item--checkbox">
        <input
          type="checkbox"
          className="list-item__checkbox"
          checked={checked}
          onChange={() => onToggle?.(contact)}
        />
        <ContactText contact={contact} />
      </label>
    )
  }
  const row = (
    <button
      type="button"
      className="list-item list-item--menu"
      aria-current={active ? 'true' : undefined}
      onClick={() => onOpen?.(contact)}
    >
      <ContactText contact={contact} />
    </button>
  )
  if (onInfo === undefined) return row
  const info = t('wall.modals.contact.info', { name: recipientDisplayName(contact) })
  return (
    <div className="list-item-row">
      {row}
      <button
        type="button"
        className="list-item__info"
        aria-label={info}
        title={info}
        onClick={() => onInfo(contact)}
      >
        <InfoIcon />
      </button>
    </div>
  )
}
