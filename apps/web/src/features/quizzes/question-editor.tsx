import { useId } from 'react'
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useShownMessage } from '../../i18n/server-text'
import { AnswerRow } from './answer-row'
import { AudioRecorder } from './audio-recorder'
import { newAnswer, type PollFormInput, type PollFormValues } from './poll-form-schema'

export interface QuestionEditorProps {
  index: number
  onRemove: () => void
  /** Reports a recorder of this question busy or not, by a key of its own. */
  onBusy: (key: string, busy: boolean) => void
}

/**
 * One question of the creation form (docs/quizzes.md, "Creating"): text, recording, answers,
 * points and the eliminatory flag. Messages are the contracts' (`messages.poll`), in the screen's language, each shown
 * once its field was touched or its list changed.
 */
export const QuestionEditor = ({ index, onRemove, onBusy }: QuestionEditorProps) => {
  const { t } = useTranslation()
  const shown = useShownMessage()
  const legendId = useId()
  const form = useFormContext<PollFormInput, unknown, PollFormValues>()
  const { register, trigger, control } = form
  const path = `questions.${index}` as const
  const answers = useFieldArray({ control, name: `${path}.possibleAnswers` })
  const { errors, touchedFields } = useFormState({ control, name: path })
  const questionErrors = errors.questions?.[index]
  const touched = touchedFields.questions?.[index]
  const textError = touched?.questionText ? shown(questionErrors?.questionText?.message) : undefined
  const answersError = shown(
    questionErrors?.possibleAnswers?.root?.message ?? questionErrors?.possibleAnswers?.message,
  )
  const pointsError = shown(questionErrors?.points?.message)
  const n = index + 1
  const recheckAnswers = () => void trigger(`${path}.possibleAnswers`)

  return (
    <fieldset className="poll-editor__question" aria-labelledby={legendId}>
      <legend id={legendId} className="poll-editor__legend">
        {t('quizzes.question', { n })}
      </legend>
      <div className="field">
        <textarea
          className="field__input poll-editor__question-text"
          rows={2}
          aria-labelledby={legendId}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? `${legendId}-text-error` : undefined}
          {...register(`${path}.questionText`, { onBlur: recheckAnswers })}
        />
        {textError && (
          <p id={`${legendId}-text-error`} className="field__error" role="alert">
            {textError}
          </p>
        )}
      </div>
      <AudioRecorder
        label={t('quizzes.questionRecording', { n })}
        field={path}
        onBusy={(busy) => onBusy('question', busy)}
      />
      <ul className="poll-editor__answers">
        {answers.fields.map((field, answerIndex) => (
          <AnswerRow
            key={field.id}
            questionIndex={index}
            answerIndex={answerIndex}
            onBusy={(busy) => onBusy(field.id, busy)}
            onRemove={() => answers.remove(answerIndex)}
          />
        ))}
      </ul>
      {answersError && (
        <p className="field__error" role="alert">
          {answersError}
        </p>
      )}
      <button type="button" className="btn btn-ghost" onClick={() => answers.append(newAnswer())}>
        + {t('quizzes.addAnswer')}
      </button>
      <div className="poll-editor__settings">
        <label className="poll-editor__points">
          {t('quizzes.points')}
          <input
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            className="field__input"
            aria-invalid={pointsError ? true : undefined}
            {...register(`${path}.points`, { valueAsNumber: true })}
          />
        </label>
        <label className="poll-editor__check">
          <input type="checkbox" {...register(`${path}.isEliminatory`)} />
          {t('quizzes.eliminatory')}
        </label>
      </div>
      {pointsError && (
        <p className="field__error" role="alert">
          {pointsError}
        </p>
      )}
      <button type="button" className="btn btn-ghost poll-editor__remove" onClick={onRemove}>
        {t('quizzes.removeQuestion', { n })}
      </button>
    </fieldset>
  )
}
