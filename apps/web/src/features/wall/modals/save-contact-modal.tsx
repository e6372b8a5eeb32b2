import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '../../../components/form-alert'
import { Modal } from '../../../components/modal'
import { TextField } from '../../../components/text-field'
import { contactFormSchema, contactPhone } from './contact-form-schema'
import { DialCodeSelect } from './dial-code-select'
import { useFailureMessage } from '../../../lib/failure-message'
import '../../../components/modal-forms.css'

export interface NewContactInput {
  name: string
  /** '+' and the canonical key, e.g. '+33612345602' for '06 12 34 56 02' in France. */
  phone: string
}

export interface SaveContactModalProps {
  open: boolean
  onClose: () => void
  onSave: (contact: NewContactInput) => Promise<void>
}

/** Lives only while the modal is open, so each opening starts afresh. */
const SaveContactForm = ({ onClose, onSave }: Omit<SaveContactModalProps, 'open'>) => {
  const { t } = useTranslation()
  const failureMessage = useFailureMessage()
  const [failure, setFailure] = useState<string | null>(null)
  const schema = useMemo(() => contactFormSchema(t), [t])
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: '', country: '', phone: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ name, country, phone }) => {
    setFailure(null)
    try {
      await onSave({ name, phone: contactPhone(country, phone) })
      onClose()
    } catch (error) {
      setFailure(failureMessage(error, t('wall.modals.contact.saveFailed')))
    }
  })

  return (
    <form className="modal-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('wall.modals.contact.name')}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Controller
        control={form.control}
        name="country"
        render={({ field }) => (
          <DialCodeSelect
            value={field.value}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            onChange={(code) => {
              field.onChange(code)
              // The number is read in the country picked: its verdict may change with it.
              if (form.formState.isSubmitted) void form.trigger('phone')
            }}
          />
        )}
      />
      <TextField
        label={t('wall.modals.contact.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      {failure !== null && <FormAlert>{failure}</FormAlert>}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {t('wall.modals.contact.add')}
      </button>
    </form>
  )
}

/**
 * 'Save a new contact !' (docs/wall.md, "Modals"): name, country code and the number as typed
 * at home, or a full number with its '+'.
 */
export const SaveContactModal = ({ open, ...props }: SaveContactModalProps) => {
  const { t } = useTranslation()
  return (
    <Modal open={open} title={t('wall.modals.contact.title')} onClose={props.onClose}>
      <SaveContactForm {...props} />
    </Modal>
  )
}
