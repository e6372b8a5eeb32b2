import { useTranslation } from 'react-i18next'
import { FormAlert } from '../../../components/form-alert'
import { Modal } from '../../../components/modal'
import type { Contact, ContactSource } from '../model/types'
import { ContactPicker } from './pickers'
import { useAsyncAction } from '../../../lib/use-async-action'
import { useSelection } from './use-selection'
import '../../../components/modal-forms.css'

export interface AddParticipantsModalProps {
  open: boolean
  onClose: () => void
  contacts: ContactSource
  /** Phones of the folder's current members, left out of the list. */
  memberPhones: ReadonlySet<string>
  onAdd: (participants: Contact[]) => Promise<void>
}

const phoneOf = (contact: Contact) => contact.phone

/** Lives only while the modal is open, so each opening starts afresh. */
const AddParticipantsForm = ({
  onClose,
  contacts,
  memberPhones,
  onAdd,
}: Omit<AddParticipantsModalProps, 'open'>) => {
  const { t } = useTranslation()
  const picked = useSelection(phoneOf)
  const action = useAsyncAction(t('wall.modals.folder.failed'))

  const submit = async () => {
    if (picked.items.length === 0) {
      action.setFailure(t('wall.modals.folder.noContact'))
      return
    }
    if (await action.run(() => onAdd(picked.items))) onClose()
  }

  return (
    <form
      className="modal-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <ContactPicker
        source={contacts}
        selected={picked.keys}
        onToggle={picked.toggle}
        exclude={memberPhones}
        legend={t('wall.modals.folder.contacts')}
        searchLabel={t('wall.modals.folder.searchContacts')}
      />
      {action.failure !== null && <FormAlert>{action.failure}</FormAlert>}
      <button type="submit" className="btn btn-primary btn-block" disabled={action.pending}>
        {t('wall.modals.folder.add')}
      </button>
    </form>
  )
}

/** 'Add participants' (docs/wall.md, "Modals"): contacts who are not members yet. */
export const AddParticipantsModal = ({ open, ...props }: AddParticipantsModalProps) => {
  const { t } = useTranslation()
  return (
    <Modal open={open} title={t('wall.modals.folder.addTitle')} onClose={props.onClose}>
      <AddParticipantsForm {...props} />
    </Modal>
  )
}
