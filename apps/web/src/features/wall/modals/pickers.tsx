import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ContactList } from '../lists/contact-list'
import { FolderList } from '../lists/folder-list'
import { SearchBox } from '../lists/search-box'
import type { Contact, ContactSource, Group } from '../model/types'
import '../../../components/modal-forms.css'

/** How many are picked, announced politely as it changes. */
const PickedCount = ({ count }: { count: number }) => {
  const { t } = useTranslation()
  return (
    <p className="picker__count" aria-live="polite">
      {count > 0 ? t('wall.modals.send.selected', { n: count }) : ''}
    </p>
  )
}

export interface ContactPickerProps {
  source: ContactSource
  /** Phones of the picked contacts. */
  selected: ReadonlySet<string>
  onToggle: (contact: Contact) => void
  exclude?: ReadonlySet<string>
  legend: string
  searchLabel: string
}

/** An empty picker, nothing searched: there is nothing yet, rather than nothing found. */
const NothingYet = ({ text }: { text: string }) => <p className="virtual-list__note">{text}</p>

/**
 * A searchable checkbox list of contacts (docs/wall.md, "Modals"). The search runs on the
 * server through the source; the picked contacts live outside it, so they stay picked.
 */
export const ContactPicker = ({
  source,
  selected,
  onToggle,
  exclude,
  legend,
  searchLabel,
}: ContactPickerProps) => {
  const { t } = useTranslation()
  return (
    <fieldset className="picker">
      <legend className="picker__legend">{legend}</legend>
      <SearchBox label={searchLabel} value={source.word} onChange={source.setWord} />
      <ContactList
        source={source}
        variant="checkbox"
        selected={selected}
        onToggle={onToggle}
        exclude={exclude}
        label={legend}
        noContacts={<NothingYet text={t('wall.modals.lists.noContacts')} />}
      />
      <PickedCount count={selected.size} />
    </fieldset>
  )
}

export interface FolderPickerProps {
  folders: readonly Group[]
  /** idGroup of the picked folders. */
  selected: ReadonlySet<string>
  onToggle: (group: Group) => void
  legend: string
  searchLabel: string
}

/** A checkbox list of shared folders, searched here since they are all loaded. */
export const FolderPicker = ({
  folders,
  selected,
  onToggle,
  legend,
  searchLabel,
}: FolderPickerProps) => {
  const { t } = useTranslation()
  const [word, setWord] = useState('')
  return (
    <fieldset className="picker">
      <legend className="picker__legend">{legend}</legend>
      <SearchBox label={searchLabel} value={word} onChange={setWord} />
      <FolderList
        folders={folders}
        word={word}
        variant="checkbox"
        selected={selected}
        onToggle={onToggle}
        label={legend}
        noFolders={<NothingYet text={t('wall.modals.lists.noFolders')} />}
      />
      <PickedCount count={selected.size} />
    </fieldset>
  )
}
