import { useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { RemoveIcon } from '../../components/icons'
import { AudioRecorder } from './audio-recorder'
import type { PollFormInput, PollFormValues } from './poll-form-schema'

export interface AnswerRowProps {
  questionIndex: number
  answerIndex: number
  onRemove: () => void
  onBusy: (busy: boolean) => void
}

/** One possible answer of the creation form: its text, correct or not, its recording. */
export const AnswerRow = ({ questionIndex, answerIndex, onRemove, onBusy }: AnswerRowProps) => {
  const { t } = useTranslation()
  const { register, trigger } = useFormContext<PollFormInput, unknown, PollFormValues>()
  const path = `questions.${questionIndex}.possibleAnswers.${answerIndex}` as const
  const n = answerIndex + 1
  // Whether one answer is correct is a rule of the question: check it as the box changes.
  const recheck = () => void trigger(`questions.${questionIndex}.possibleAnswers`)

  return (
    // A list holds list items only: the answer's group is inside its item.
    <li className="poll-editor__answer-item">
      <div className="poll-editor__answer" role="group" aria-label={t('quizzes.answer', { n })}>
        <div className="poll-editor__answer-line">
          <input
            className="field__input poll-editor__answer-text"
            aria-label={t('quizzes.answer', { n })}
            autoComplete="off"
            {...register(`${path}.text`)}
          />
          <label className="poll-editor__check">
            <input type="checkbox" {...register(`${path}.isCorrect`, { onChange: recheck })} />
            {t('quizzes.correctAnswer')}
          </label>
          <button
            type="button"
            className="icon-button"
            aria-label={t('quizzes.removeAnswer', { n })}
            title={t('quizzes.removeAnswer', { n })}
            onClick={onRemove}
          >
            <RemoveIcon />
          </button>
        </div>
        <AudioRecorder label={t('quizzes.answerRecording', { n })} field={path} onBusy={onBusy} />
      </div>
    </li>
  )
}
