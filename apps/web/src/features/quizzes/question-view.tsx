import type { CorrectionDetail, Question, QuestionScore } from '@palabre/contracts'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { fileUrl } from '../../lib/file-links'

/**
 * A question's or an answer's recording. Its header is read at once, so the player shows how long
 * it lasts before it is played (the server wrote the duration in, docs/files.md "Recordings").
 */
const Recording = ({
  className,
  name,
  label,
}: {
  className: string
  name: string
  label: string
}) => (
  <audio className={className} src={fileUrl(name)} controls preload="metadata" aria-label={label} />
)

/** A correction's sign, in words too: colour is not the only cue (docs/quizzes.md, "Correction"). */
const Mark = ({ sign, label }: { sign: string; label: string }) => (
  <span className="poll-answer__mark">
    <span aria-hidden="true"> {sign}</span>
    <span className="visually-hidden"> ({label})</span>
  </span>
)

/** How an answer of a graded response shows (docs/quizzes.md, "Correction"). */
export type AnswerMark = 'correct' | 'wrong' | 'neutral'

/** Correct answers green, a wrong choice red, the others as they are. */
export const markOf = (correction: CorrectionDetail | undefined, answer: number): AnswerMark => {
  if (correction === undefined) return 'neutral'
  if (correction.correctAnswers.includes(answer)) return 'correct'
  return correction.userSelected.includes(answer) ? 'wrong' : 'neutral'
}

export interface QuestionViewProps {
  question: Question
  index: number
  /** The chosen answers' indexes. */
  selected: readonly number[]
  /** Graded: the inputs are locked and the answers marked. */
  correction?: CorrectionDetail | undefined
  /** Graded: what the question was worth and earned, shown instead of its points. */
  score?: QuestionScore | undefined
  onToggle?: (answer: number) => void
}

/**
 * One question to answer or as graded (docs/quizzes.md, "Answering"): its text, its recording,
 * '(Éliminatoire)' when eliminatory, its points (graded: the points it was worth and earned),
 * and its answers as checkboxes, several of which may be right. A mark comes with a sign and
 * words, so colour is never the only cue.
 */
export const QuestionView = ({
  question,
  index,
  selected,
  correction,
  score,
  onToggle,
}: QuestionViewProps) => {
  const { t } = useTranslation()
  const legendId = useId()
  const locked = correction !== undefined || onToggle === undefined
  return (
    <fieldset
      className="poll-question"
      aria-labelledby={legendId}
      disabled={locked}
      data-testid="poll-question"
    >
      <legend id={legendId} className="poll-question__text">
        <span>
          {index + 1}. {question.questionText}
        </span>
        {question.isEliminatory && (
          <span className="poll-question__eliminatory"> {t('quizzes.eliminatoryMark')}</span>
        )}
      </legend>
      <p className="poll-question__points">
        {score === undefined
          ? t('quizzes.pointsValue', { count: question.points })
          : t('quizzes.pointsEarned', { earned: score.earned, worth: score.worth })}
      </p>
      {question.isAudio && question.audioFileName && (
        <Recording
          className="poll-question__audio"
          name={question.audioFileName}
          label={t('quizzes.questionAudio')}
        />
      )}
      <ul className="poll-question__answers">
        {question.possibleAnswers.map((answer, answerIndex) => {
          const mark = markOf(correction, answerIndex)
          return (
            <li
              key={answerIndex}
              className={`poll-answer poll-answer--${mark}`}
              data-testid="poll-answer"
              data-mark={mark}
            >
              <label className="poll-answer__label">
                <input
                  type="checkbox"
                  checked={selected.includes(answerIndex)}
                  disabled={locked}
                  onChange={() => onToggle?.(answerIndex)}
                />
                <span className="poll-answer__text">{answer.text}</span>
                {mark === 'correct' && <Mark sign="✓" label={t('quizzes.correctMark')} />}
                {mark === 'wrong' && <Mark sign="✗" label={t('quizzes.wrongMark')} />}
              </label>
              {answer.isAudio && answer.audioFileName && (
                <Recording
                  className="poll-answer__audio"
                  name={answer.audioFileName}
                  label={t('quizzes.answerAudio')}
                />
              )}
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
