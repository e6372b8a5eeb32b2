import { zodResolver } from '@hookform/resolvers/zod'
import { isBlankMessage, pollFileName } from '@palabre/contracts'
import { useId, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormAlert } from '../../../components/form-alert'
import { Modal } from '../../../components/modal'
import { AttachButton } from '../attachments/attach-button'
import { UploadList } from '../attachments/upload-list'
import { attachmentOf, useUploads } from '../attachments/use-uploads'
import type { Contact, ContactSource, Group } from '../model/types'
import { LazyCreatePollModal } from '../../quizzes'
import { useFailureMessage } from '../../../lib/failure-message'
import { AttachIcon, BackIcon, PollIcon } from '../../../components/icons'
import { ContactPicker, FolderPicker } from './pickers'
import { useSelection } from './use-selection'
import '../../../components/modal-forms.css'
import './send-post-modal.css'

export interface SendPostInput {
  text: string
  contacts: Contact[]
  folders: Group[]
  /** Stored files and quizzes, in the order chosen (docs/wall.md, "Attachments"). */
  attachments: { image: string; fileDocName: string }[]
}

export interface SendPostModalProps {
  open: boolean
  onClose: () => void
  /** The signed-in person: the creator of a quiz made here. */
  viewerPhone: string
  contacts: ContactSource
  folders: readonly Group[]
  /** Share pre-fills the text of the post shared; a new message starts empty. */
  initialText?: string
  /** Share pre-fills the shared post's files too. */
  initialFiles?: readonly { image: string; fileDocName: string }[]
  /** Picked from the start: 'Post to' of the directory's card (docs/wall.md, "Directory"). */
  initialContacts?: readonly Contact[]
  onSend: (input: SendPostInput) => Promise<void>
}

type FormProps = Omit<SendPostModalProps, 'open'>

const phoneOf = (contact: Contact) => contact.phone
const idOf = (group: Group) => group.idGroup

/** Lives only while the modal is open, so each opening starts afresh. */
const SendPostForm = ({
  onClose,
  contacts,
  folders,
  initialText,
  initialFiles,
  initialContacts,
  onSend,
  viewerPhone,
}: FormProps) => {
  const { t } = useTranslation()
  const failureMessage = useFailureMessage()
  const textId = useId()
  const [failure, setFailure] = useState<string | null>(null)
  const pickedContacts = useSelection(phoneOf, initialContacts)
  const pickedFolders = useSelection(idOf)
  const uploads = useUploads(undefined, initialFiles)
  const [creatingPoll, setCreatingPoll] = useState(false)
  const schema = useMemo(
    () =>
      z.object({
        text: z.string().refine((text) => !isBlankMessage(text), t('wall.modals.send.empty')),
      }),
    [t],
  )
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { text: initialText ?? '' },
  })
  const { errors, isSubmitting } = form.formState

  // The text is checked first, then the recipients: one message at a time (docs/wall.md, "Modals").
  const submit = form.handleSubmit(async ({ text }) => {
    setFailure(null)
    if (pickedContacts.items.length === 0 && pickedFolders.items.length === 0) {
      setFailure(t('wall.modals.send.noContact'))
      return
    }
    if (uploads.uploading) {
      setFailure(t('wall.layout.uploadsPending'))
      return
    }
    // A file that failed to upload shows its reason and is not sent.
    const attachments = uploads.files.filter((f) => f.state === 'done').map(attachmentOf)
    try {
      await onSend({
        text,
        contacts: pickedContacts.items,
        folders: pickedFolders.items,
        attachments,
      })
      onClose()
    } catch (error) {
      setFailure(failureMessage(error, t('server.message.failedToSend')))
    }
  })

  return (
    <>
      <form className="send-post" onSubmit={(event) => void submit(event)} noValidate>
        <div className="send-post__recipients">
          <ContactPicker
            source={contacts}
            selected={pickedContacts.keys}
            onToggle={pickedContacts.toggle}
            legend={t('wall.modals.send.contacts')}
            searchLabel={t('wall.modals.send.searchContacts')}
          />
          <FolderPicker
            folders={folders}
            selected={pickedFolders.keys}
            onToggle={pickedFolders.toggle}
            legend={t('wall.modals.send.folders')}
            searchLabel={t('wall.modals.send.searchFolders')}
          />
        </div>
        {/* A textarea: Enter writes a new line, only the Send button sends. */}
        <div className="field">
          <label htmlFor={textId} className="field__label">
            {t('wall.modals.send.message')}
          </label>
          <textarea
            id={textId}
            className="field__input send-post__text"
            rows={3}
            placeholder={t('wall.modals.send.placeholder')}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={errors.text ? `${textId}-error` : undefined}
            {...form.register('text')}
          />
          {errors.text && (
            <p id={`${textId}-error`} className="field__error" role="alert">
              {errors.text.message}
            </p>
          )}
        </div>
        <UploadList files={uploads.files} onRemove={uploads.remove} />
        {failure !== null && <FormAlert>{failure}</FormAlert>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <BackIcon />
            {t('wall.modals.send.back')}
          </button>
          <AttachButton
            className="icon-button"
            label={t('wall.modals.send.attach')}
            onFiles={uploads.add}
          >
            <AttachIcon />
          </AttachButton>
          <button
            type="button"
            className="icon-button"
            aria-label={t('wall.modals.send.poll')}
            title={t('wall.modals.send.poll')}
            onClick={() => setCreatingPoll(true)}
          >
            <PollIcon />
          </button>
          <button
            type="submit"
            className="btn btn-primary modal-actions__end"
            disabled={isSubmitting}
          >
            {t('wall.modals.send.send')}
          </button>
        </div>
      </form>
      {/* Outside the form: the quiz's own form is not nested in this one (docs/quizzes.md). */}
      <LazyCreatePollModal
        open={creatingPoll}
        creatorPhone={viewerPhone}
        onClose={() => setCreatingPoll(false)}
        onCreated={({ pollId, title }) => uploads.addPoll(title, pollFileName(title, pollId))}
      />
    </>
  )
}

/** The new message and share modal (docs/wall.md, "Modals"): recipients, text, Send. */
export const SendPostModal = ({ open, ...props }: SendPostModalProps) => {
  const { t } = useTranslation()
  const title =
    props.initialText === undefined
      ? t('wall.modals.send.newTitle')
      : t('wall.modals.send.shareTitle')
  return (
    <Modal open={open} title={title} onClose={props.onClose} className="send-post-modal">
      <SendPostForm {...props} />
    </Modal>
  )
}
