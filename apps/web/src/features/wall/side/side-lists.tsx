import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ContactList } from '../lists/contact-list'
import { FolderList } from '../lists/folder-list'
import { SearchBox } from '../lists/search-box'
import type { Contact, ContactSource, Group, WallScope } from '../model/types'
import './side.css'

export interface SideListsProps {
  folders: readonly Group[]
  contacts: ContactSource
  scope: WallScope
  onFolder: (group: Group) => void
  onContact: (contact: Contact) => void
  /** Opens a contact's card: its phone, Rename and Delete (docs/wall.md, "Modals"). */
  onContactInfo: (contact: Contact) => void
  onCreateFolder: () => void
  onCreateContact: () => void
  /** Opens the organisation's directory (docs/wall.md, "Directory"). */
  onDirectory: () => void
}

/**
 * The shared folders and the contacts (docs/wall.md, "Layout" and "Lists"): each with its
 * search and its create button, the contacts with 'Directory' too; a click shows that folder's or contact's posts. The desktop's
 * left column and the mobile filter panel both hold them; they share the height there is, each
 * taking what it shows up to half of it. An empty list, nothing searched, invites a first folder
 * or contact.
 */
export const SideLists = (props: SideListsProps) => {
  const { t } = useTranslation()
  const [folderWord, setFolderWord] = useState('')
  const { scope } = props
  return (
    <div className="side__lists">
      <SideSection
        title={t('wall.layout.folders')}
        createLabel={t('wall.layout.createFolder')}
        onCreate={props.onCreateFolder}
        searchLabel={t('wall.layout.searchFolders')}
        word={folderWord}
        onWord={setFolderWord}
      >
        <FolderList
          folders={props.folders}
          word={folderWord}
          variant="menu"
          onOpen={props.onFolder}
          label={t('wall.layout.folders')}
          className="side__list"
          noFolders={
            <FirstOne
              text={t('wall.modals.lists.noFolders')}
              action={t('wall.modals.lists.firstFolder')}
              onClick={props.onCreateFolder}
            />
          }
          {...(scope.kind === 'folder' ? { activeId: scope.idGroup } : {})}
        />
      </SideSection>
      <SideSection
        title={t('wall.layout.contacts')}
        createLabel={t('wall.layout.createContact')}
        onCreate={props.onCreateContact}
        extra={
          // In the contacts' heading, so the side's bottom bar keeps its two rows (docs/wall.md,
          // "Directory").
          <button
            type="button"
            className="btn btn-ghost side__directory"
            onClick={props.onDirectory}
          >
            {t('wall.layout.directory')}
          </button>
        }
        searchLabel={t('wall.layout.searchContacts')}
        word={props.contacts.word}
        onWord={props.contacts.setWord}
      >
        <ContactList
          source={props.contacts}
          variant="menu"
          onOpen={props.onContact}
          onInfo={props.onContactInfo}
          label={t('wall.layout.contacts')}
          className="side__list"
          noContacts={
            <FirstOne
              text={t('wall.modals.lists.noContacts')}
              action={t('wall.modals.lists.firstContact')}
              onClick={props.onCreateContact}
            />
          }
          {...(scope.kind === 'contact' ? { activePhone: scope.phone } : {})}
        />
      </SideSection>
    </div>
  )
}

/** An empty list's invitation: what is missing, and the button that makes the first one. */
const FirstOne = ({
  text,
  action,
  onClick,
}: {
  text: string
  action: string
  onClick: () => void
}) => (
  <div className="side__first" data-testid="list-invite">
    <p className="side__first-text">{text}</p>
    <button type="button" className="btn btn-secondary side__first-button" onClick={onClick}>
      {action}
    </button>
  </div>
)

/** One list of the side: its heading with a create button, its search box, the list. */
const SideSection = (props: {
  title: string
  createLabel: string
  onCreate: () => void
  /** A button beside the create one. */
  extra?: ReactNode
  searchLabel: string
  word: string
  onWord: (word: string) => void
  children: ReactNode
}) => {
  const headingId = useId()
  return (
    <section className="side__section" aria-labelledby={headingId}>
      <div className="side__heading">
        <h2 id={headingId}>{props.title}</h2>
        {props.extra}
        <button
          type="button"
          className="icon-button"
          aria-label={props.createLabel}
          onClick={props.onCreate}
        >
          +
        </button>
      </div>
      <SearchBox label={props.searchLabel} value={props.word} onChange={props.onWord} />
      {props.children}
    </section>
  )
}
