import type { Group, UserProfile } from '@palabre/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../components/modal'
import { registerModalFormsTexts } from '../../i18n/catalogue/wall/modal-forms'
import { ContactInfoModal, type ContactInfo } from './modals/contact-info-modal'
import { CreateFolderModal } from './modals/create-folder-modal'
import { FolderInfoModal } from './modals/folder-info-modal'
import { SaveContactModal } from './modals/save-contact-modal'
import { SendPostModal, type SendPostInput } from './modals/send-post-modal'
import type { Contact, ContactSource, PostView } from './model/types'
import { RecipientList } from './post-card/recipient-list'
import type { useFolderActions } from './queries/use-folder-actions'

/** Which modal is open over the wall (docs/wall.md, "Modals"); one at a time. */
export type WallModal =
  | {
      kind: 'send'
      initialText?: string
      /** Share: the shared post's files, sent again with the new post. */
      initialFiles?: { image: string; fileDocName: string }[]
      /** Post to: the contact chosen in the directory (docs/wall.md, "Directory"). */
      initialContacts?: Contact[]
    }
  | { kind: 'newContact' }
  | { kind: 'newFolder' }
  | { kind: 'contact'; contact: ContactInfo }
  | { kind: 'folder'; idGroup: string }
  | { kind: 'postInfo'; post: PostView }
  | null

export interface WallModalsProps {
  modal: WallModal
  onClose: () => void
  profile: UserProfile
  contacts: ContactSource
  folders: readonly Group[]
  actions: ReturnType<typeof useFolderActions>
  onSend: (input: SendPostInput) => Promise<void>
  onContact: (phone: string, name: string) => void
  onGroup: (idGroup: string) => void
  /** Shows a notice over the wall (docs/wall.md, "Notices"). */
  notify: (text: string) => void
}

export const WallModals = (props: WallModalsProps) => {
  const { t, i18n } = useTranslation()
  // The modals' texts come with their code (docs/bundle-budgets.md).
  useState(() => registerModalFormsTexts(i18n))
  const { modal, onClose, contacts, folders, actions } = props
  const folder =
    modal?.kind === 'folder' ? (folders.find((g) => g.idGroup === modal.idGroup) ?? null) : null
  return (
    <>
      <SendPostModal
        open={modal?.kind === 'send'}
        onClose={onClose}
        viewerPhone={props.profile.phone}
        contacts={contacts}
        folders={folders}
        {...(modal?.kind === 'send' && modal.initialText !== undefined
          ? { initialText: modal.initialText }
          : {})}
        {...(modal?.kind === 'send' && modal.initialFiles !== undefined
          ? { initialFiles: modal.initialFiles }
          : {})}
        {...(modal?.kind === 'send' && modal.initialContacts !== undefined
          ? { initialContacts: modal.initialContacts }
          : {})}
        onSend={props.onSend}
      />
      <SaveContactModal
        open={modal?.kind === 'newContact'}
        onClose={onClose}
        onSave={actions.saveContact}
      />
      <CreateFolderModal
        open={modal?.kind === 'newFolder'}
        onClose={onClose}
        contacts={contacts}
        onCreate={actions.createFolder}
      />
      <ContactInfoModal
        open={modal?.kind === 'contact'}
        onClose={onClose}
        contact={modal?.kind === 'contact' ? modal.contact : null}
        onRename={actions.renameContact}
        onDelete={actions.deleteContact}
      />
      <FolderInfoModal
        open={folder !== null}
        onClose={onClose}
        folder={folder}
        viewerPhone={props.profile.phone}
        contacts={contacts}
        onAdd={(added) => (folder ? actions.addMembers(folder, added) : Promise.resolve())}
        onRemove={(member) => (folder ? actions.removeMember(folder, member) : Promise.resolve())}
        onLeft={(name) => props.notify(t('wall.modals.folder.left', { folder: name }))}
      />
      <Modal open={modal?.kind === 'postInfo'} onClose={onClose} title={t('wall.card.postInfo')}>
        {modal?.kind === 'postInfo' && (
          <RecipientList
            post={modal.post}
            viewerPhone={props.profile.phone}
            onContact={props.onContact}
            onGroup={props.onGroup}
          />
        )}
      </Modal>
    </>
  )
}
