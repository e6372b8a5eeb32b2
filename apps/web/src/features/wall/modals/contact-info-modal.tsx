import { contactStatuses, recipientDisplayName } from '@palabre/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '../../../components/form-alert'
import { Modal } from '../../../components/modal'
import { TextField } from '../../../components/text-field'
import { ConfirmDialog } from './confirm-dialog'
import { useAsyncAction } from '../../../lib/use-async-action'
import '../../../components/modal-forms.css'

export interface ContactInfo {
  name: string
  phone: string
  status?: string
  /** One of the viewer's own contacts (not only a post's recipient): it can be renamed and deleted. */
  saved?: boolean
}

export interface ContactInfoModalProps {
  open: boolean
  onClose: () => void
  contact: ContactInfo | null
  onRename?: (phone: string, name: string) => Promise<void>
  onDelete?: (phone: string) => Promise<void>
}

type CardProps = Omit<ContactInfoModalProps, 'open' | 'contact'> & { contact: ContactInfo }

/** The new name, in place of the card's buttons: 'Save' and 'Cancel'. */
const RenameForm = ({
  initial,
  pending,
  onSave,
  onCancel,
}: {
  initial: string
  pending: boolean
  onSave: (name: string) => void
  onCancel: () => void
}) => {
  const { t } = useTranslation()
  const [name, setName] = useState(initial)
  const [error, setError] = useState<string | undefined>(undefined)
  return (
    <form
      className="contact-info__rename"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (name.trim() === '') setError(t('wall.modals.contact.nameRequired'))
        else onSave(name.trim())
      }}
    >
      <TextField
        label={t('wall.modals.contact.name')}
        autoComplete="off"
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value)
          setError(undefined)
        }}
      />
      <div className="contact-info__actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {t('wall.modals.contact.renameSave')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('wall.modals.contact.renameCancel')}
        </button>
      </div>
    </form>
  )
}

const ContactCard = ({ contact, onClose, onRename, onDelete }: CardProps) => {
  const { t } = useTranslation()
  const [name, setName] = useState(contact.name)
  const [renaming, setRenaming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const action = useAsyncAction(t('wall.modals.contact.changeFailed'))
  const label = recipientDisplayName({ name, phone: contact.phone })
  const phone = `+${contact.phone}`
  const editable = contact.saved === true

  const rename = async (next: string) => {
    if (onRename && (await action.run(() => onRename(contact.phone, next)))) {
      setName(next)
      setRenaming(false)
    }
  }
  const remove = async () => {
    setDeleting(false)
    if (onDelete && (await action.run(() => onDelete(contact.phone)))) onClose()
  }

  return (
    <>
      <Modal open title={label} onClose={onClose}>
        <div className="contact-info">
          <a className="contact-info__phone" href={`tel:${phone}`}>
            {phone}
          </a>
          {contact.status !== contactStatuses.registered && (
            <span className="contact-info__mark">{t('wall.modals.contact.notRegistered')}</span>
          )}
          {editable && renaming && (
            <RenameForm
              initial={name}
              pending={action.pending}
              onSave={(next) => void rename(next)}
              onCancel={() => setRenaming(false)}
            />
          )}
          {editable && !renaming && (
            <div className="contact-info__actions">
              {onRename && (
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={action.pending}
                  onClick={() => setRenaming(true)}
                >
                  {t('wall.modals.contact.rename')}
                </button>
              )}
              {onDelete && (
                <button
                  type="button"
                  className="btn btn-secondary contact-info__delete"
                  disabled={action.pending}
                  onClick={() => setDeleting(true)}
                >
                  {t('wall.modals.contact.delete')}
                </button>
              )}
            </div>
          )}
          {action.failure !== null && <FormAlert>{action.failure}</FormAlert>}
        </div>
      </Modal>
      {/* Beside the card, not inside its dialog, so Escape in it never closes the card. */}
      <ConfirmDialog
        open={deleting}
        message={t('wall.modals.contact.confirmDelete', { name: label })}
        onYes={() => void remove()}
        onNo={() => setDeleting(false)}
      />
    </>
  )
}

/**
 * A contact's card (docs/wall.md, "Modals"): its name as the title, '+phone', the 'non inscris'
 * mark when the contact has no account and, for one of the viewer's own contacts, 'Rename' and
 * 'Delete' (behind a Yes/No question). Keyed by phone, so each opening starts afresh.
 */
export const ContactInfoModal = ({ open, contact, ...props }: ContactInfoModalProps) =>
  open && contact !== null ? <ContactCard key={contact.phone} contact={contact} {...props} /> : null
