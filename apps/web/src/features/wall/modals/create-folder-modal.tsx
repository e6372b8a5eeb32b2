import { zodResolver } from '@hookform/resolvers/zod'
import { nameSchema } from '@palabre/contracts'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormAlert } from '../../../components/form-alert'
import { Modal } from '../../../components/modal'
import { TextField } from '../../../components/text-field'
import type { Contact, ContactSource } from '../model/types'
import { useFailureMessage } from '../../../lib/failure-message'
import { ContactPicker } from './pickers'
import { useSelection } from './use-selection'
import '../../../components/modal-forms.css'

export interface CreateFolderInput {
  name: string
  participants: Contact[]
}

export interface CreateFolderModalProps {
  open: boolean
  onClose: () => void
  contacts: ContactSource
  onCreate: (input: CreateFolderInput) => Promise<void>
}

const phoneOf = (contact: Contact) => contact.phone

/** Lives only while the modal is open, so each opening starts afresh. */
const CreateFolderForm = ({
  onClose,
  contacts,
  onCreate,
}: Omit<CreateFolderModalProps, 'open'>) => {
  const { t } = useTranslation()
  const failureMessage = useFailureMessage()
  const [failure, setFailure] = useState<string | null>(null)
  const picked = useSelection(phoneOf)
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .refine((name) => name.trim() !== '', t('wall.modals.folder.nameRequired'))
          .pipe(nameSchema),
      }),
    [t],
  )
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { name: '' } })
  const { errors, isSubmitting } = form.formState

  // The name is checked first, then the members: one message at a time (docs/wall.md, "Modals").
  const submit = form.handleSubmit(async ({ name }) => {
    setFailure(null)
    if (picked.items.length === 0) {
      setFailure(t('wall.modals.folder.noContact'))
      return
    }
    try {
      await onCreate({ name, participants: picked.items })
      onClose()
    } catch (error) {
      setFailure(failureMessage(error, t('wall.modals.folder.failed')))
    }
  })

  return (
    <form className="modal-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('wall.modals.folder.name')}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <ContactPicker
        source={contacts}
        selected={picked.keys}
        onToggle={picked.toggle}
        legend={t('wall.modals.folder.contacts')}
        searchLabel={t('wall.modals.folder.searchContacts')}
      />
      {failure !== null && <FormAlert>{failure}</FormAlert>}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {t('wall.modals.folder.create')}
      </button>
    </form>
  )
}

/** 'Create a new shared folder' (docs/wall.md, "Modals"): a name and at least one contact. */
export const CreateFolderModal = ({ open, ...props }: CreateFolderModalProps) => {
  const { t } = useTranslation()
  return (
    <Modal open={open} title={t('wall.modals.folder.title')} onClose={props.onClose}>
      <CreateFolderForm {...props} />
    </Modal>
  )
}
