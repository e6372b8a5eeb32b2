import { useMemo, type ReactNode } from 'react'
import type { Contact, ContactSource } from '../model/types'
import { ContactItem, type ItemVariant } from './contact-item'
import { VirtualList } from './virtual-list'

export interface ContactListProps {
  source: ContactSource
  variant: ItemVariant
  /** Phones of the picked contacts (checkbox variant). */
  selected?: ReadonlySet<string>
  onToggle?: (contact: Contact) => void
  onOpen?: (contact: Contact) => void
  /** Opens a contact's card (menu variant). */
  onInfo?: (contact: Contact) => void
  /** Phones left out of the list (a folder's members when adding participants). */
  exclude?: ReadonlySet<string>
  /** The phone of the contact whose posts are shown (menu variant). */
  activePhone?: string
  /** The accessible name of the list. */
  label: string
  /** What the list shows when there is no contact at all and nothing is searched. */
  noContacts?: ReactNode
  className?: string
}

const rowData = (contact: Contact) => ({
  'data-testid': 'contact-item',
  'data-phone': contact.phone,
})
const phoneOf = (contact: Contact) => contact.phone

/**
 * The contacts of a source, drawn as they scroll into view; the next page of 20 is asked for
 * at the bottom (docs/wall.md, "Lists").
 */
export const ContactList = ({
  source,
  variant,
  selected,
  onToggle,
  onOpen,
  onInfo,
  exclude,
  activePhone,
  label,
  noContacts,
  className,
}: ContactListProps) => {
  const items = useMemo(
    () => (exclude ? source.items.filter((contact) => !exclude.has(contact.phone)) : source.items),
    [source.items, exclude],
  )
  return (
    <VirtualList
      items={items}
      label={label}
      itemKey={phoneOf}
      rowData={rowData}
      hasMore={source.hasMore}
      isLoading={source.isLoading}
      onEndReached={source.loadMore}
      {...(noContacts !== undefined && source.items.length === 0 && source.word.trim() === ''
        ? { empty: noContacts }
        : {})}
      className={className}
      renderItem={(contact) => (
        <ContactItem
          contact={contact}
          variant={variant}
          checked={selected?.has(contact.phone) ?? false}
          onToggle={onToggle}
          onOpen={onOpen}
          {...(onInfo ? { onInfo } : {})}
          active={contact.phone === activePhone}
        />
      )}
    />
  )
}
