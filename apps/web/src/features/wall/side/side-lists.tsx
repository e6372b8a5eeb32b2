import { useState } from 'react'
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
  onCreateFolder: () => void
  onCreateContact: () => void
}

/**
 * The shared folders and the contacts (docs/wall.md, "Layout"): each with its search and its
 * create button; a click shows that folder's or contact's posts. The desktop's left column and
 * the mobile filter panel both hold them.
 */
export const SideLists = (props: SideListsProps) => {
  const { t } = useTranslation()
  const [folderWord, setFolderWord] = useState('')
  const { scope } = props
  return (
    <>
      <section className="side__section side__section--folders" aria-labelledby="side-folders">
        <div className="side__heading">
          <h2 id="side-folders">{t('wall.layout.folders')}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('wall.layout.createFolder')}
            onClick={props.onCreateFolder}
          >
            +
          </button>
        </div>
        <SearchBox
          label={t('wall.layout.searchFolders')}
          value={folderWord}
          onChange={setFolderWord}
        />
        <FolderList
          folders={props.folders}
          word={folderWord}
          variant="menu"
          onOpen={props.onFolder}
          label={t('wall.layout.folders')}
          className="side__list"
          {...(scope.kind === 'folder' ? { activeId: scope.idGroup } : {})}
        />
      </section>
      <section className="side__section side__section--contacts" aria-labelledby="side-contacts">
        <div className="side__heading">
          <h2 id="side-contacts">{t('wall.layout.contacts')}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('wall.layout.createContact')}
            onClick={props.onCreateContact}
          >
            +
          </button>
        </div>
        <SearchBox
          label={t('wall.layout.searchContacts')}
          value={props.contacts.word}
          onChange={props.contacts.setWord}
        />
        <ContactList
          source={props.contacts}
          variant="menu"
          onOpen={props.onContact}
          label={t('wall.layout.contacts')}
          className="side__list"
          {...(scope.kind === 'contact' ? { activePhone: scope.phone } : {})}
        />
      </section>
    </>
  )
}
