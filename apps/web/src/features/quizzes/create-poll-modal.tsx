import { zodResolver } from '@hookform/resolvers/zod'
import { pollsRoutes, type CreatedPoll } from '@palabre/contracts'
import { useCallback, useState } from 'react'
import { FormProvider, useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useShownMessage } from '../../i18n/server-text'
import { FormAlert } from '../../components/form-alert'
import { Modal } from '../../components/modal'
import { TextField } from '../../components/text-field'
import { callRoute } from '../../lib/api-client'
import { useAsyncAction } from '../../lib/use-async-action'
import { PollLayer } from './poll-layer'
import {
  emptyPoll,
  newQuestion,
  pollFormSchema,
  type PollFormInput,
  type PollFormValues,
} from './poll-form-schema'
import { QuestionEditor } from './question-editor'
import '../../components/modal-forms.css'
import './poll-editor.css'
import './polls.css'

export interface CreatePollModalProps {
  open: boolean
  /** The signed-in person: the server takes a quiz from its creator only. */
  creatorPhone: string
  onClose: () => void
  /** The quiz was stored: the caller attaches it (docs/quizzes.md, "The attachment"). */
  onCreated: (poll: CreatedPoll) => void
}

/** Which recorders are recording or uploading, by question and answer: none may be lost. */
const useBusyRecorders = () => {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const report = useCallback((key: string, flag: boolean) => {
    setBusy((current) => {
      if (current.has(key) === flag) return current
      const next = new Set(current)
      if (flag) next.add(key)
      else next.delete(key)
      return next
    })
  }, [])
  return { busy: busy.size > 0, report }
}

/** Lives only while the modal is open, so each opening starts afresh. */
const CreatePollForm = ({
  creatorPhone,
  onClose,
  onCreated,
}: Omit<CreatePollModalProps, 'open'>) => {
  const { t } = useTranslation()
  const shown = useShownMessage()
  const form = useForm<PollFormInput, unknown, PollFormValues>({
    resolver: zodResolver(pollFormSchema),
    defaultValues: emptyPoll(),
    mode: 'onTouched',
  })
  const questions = useFieldArray({ control: form.control, name: 'questions' })
  const recorders = useBusyRecorders()
  const action = useAsyncAction(t('quizzes.createFailed'))
  const { errors, touchedFields, isValid } = form.formState
  const questionsError = shown(errors.questions?.root?.message ?? errors.questions?.message)

  const submit = form.handleSubmit((values) =>
    action
      .run(async () => {
        const created = await callRoute(pollsRoutes.createPoll, {
          body: { phoneCreatorPoll: creatorPhone, ...values },
        })
        onCreated(created)
      })
      .then((ok) => {
        if (ok) onClose()
      }),
  )

  return (
    <FormProvider {...form}>
      <form className="modal-form poll-editor" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('quizzes.title')}
          autoComplete="off"
          error={touchedFields.title ? shown(errors.title?.message) : undefined}
          {...form.register('title')}
        />
        {questions.fields.map((field, index) => (
          <QuestionEditor
            key={field.id}
            index={index}
            onBusy={(key, busy) => recorders.report(`${field.id}:${key}`, busy)}
            onRemove={() => questions.remove(index)}
          />
        ))}
        {questionsError && (
          <p className="field__error" role="alert">
            {questionsError}
          </p>
        )}
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => questions.append(newQuestion())}
        >
          + {t('quizzes.addQuestion')}
        </button>
        {action.failure !== null && <FormAlert>{action.failure}</FormAlert>}
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={!isValid || action.pending || recorders.busy}
        >
          {t('quizzes.create')}
        </button>
      </form>
    </FormProvider>
  )
}

/**
 * The quiz creation modal (docs/quizzes.md, "Creating"), over the send modal or the discussion.
 * Submit stays disabled while the form breaks a rule of `pollInputSchema` or a recording is on
 * its way; a refusal keeps the modal open with the reason.
 */
export const CreatePollModal = ({ open, ...props }: CreatePollModalProps) => {
  const { t } = useTranslation()
  return (
    <PollLayer>
      <Modal
        open={open}
        title={t('quizzes.createTitle')}
        onClose={props.onClose}
        className="poll-modal"
      >
        <CreatePollForm {...props} />
      </Modal>
    </PollLayer>
  )
}
