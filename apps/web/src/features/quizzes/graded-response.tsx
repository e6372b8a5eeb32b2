import { gradeCorrection, type PollResponse, type Question } from '@palabre/contracts'
import { useId, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { WarningIcon } from '../../components/icons'
import { QuestionView } from './question-view'

export interface GradedResponseProps {
  questions: readonly Question[]
  response: PollResponse
  /** The grade in words: the respondent's own ('Your grade: N%') or a participant's. */
  gradeText: string
  /** Set when the focus may be moved to the grade. */
  gradeRef?: Ref<HTMLParagraphElement> | undefined
}

/**
 * A graded response, to its respondent and to the creator alike (docs/quizzes.md,
 * "Correction"): the grade, why it is 0 when an eliminatory question was missed, and the
 * questions locked and marked, each with the points it was worth and earned. What counted is
 * read back from the correction with the server's own grading rule (`gradeCorrection`).
 */
export const GradedResponse = ({
  questions,
  response,
  gradeText,
  gradeRef,
}: GradedResponseProps) => {
  const { t } = useTranslation()
  const reasonId = useId()
  const { scores, eliminatedBy } = gradeCorrection(questions, response.correctionDetails)
  const eliminated = eliminatedBy.length > 0
  return (
    <>
      <p
        className="poll-grade"
        role="status"
        ref={gradeRef}
        tabIndex={gradeRef === undefined ? undefined : -1}
        // Read with the grade, wherever the focus lands on it.
        aria-describedby={eliminated ? reasonId : undefined}
      >
        {gradeText}
      </p>
      {eliminated && (
        <p id={reasonId} className="poll-eliminated" data-testid="poll-eliminated">
          <WarningIcon />
          <span>
            {t('quizzes.eliminatedBy', {
              count: eliminatedBy.length,
              questions: eliminatedBy.map((index) => String(index + 1)),
            })}
          </span>
        </p>
      )}
      {questions.map((question, index) => {
        const correction = response.correctionDetails.find((c) => c.questionIndex === index)
        const chosen =
          correction?.userSelected ??
          response.answers.find((a) => a.questionIndex === index)?.selectedAnswers ??
          []
        return (
          <QuestionView
            key={index}
            question={question}
            index={index}
            selected={chosen}
            correction={correction}
            score={scores[index]}
          />
        )
      })}
    </>
  )
}
