import type { Poll } from '@palabre/contracts'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { BackIcon } from '../../components/icons'
import { pollKeys } from './keys'
import { fetchResponse } from './poll-calls'
import { PollLoading, PollProblem } from './poll-status'
import { GradedResponse } from './graded-response'

export interface Participant {
  respondentName: string
  respondentPhone: string
}

export interface CorrectionViewProps {
  poll: Poll
  participant: Participant
  viewerPhone: string
  onBack: () => void
}

/**
 * One participant's answers as graded, for the quiz's creator (docs/quizzes.md, "Results"): the
 * questions as the participant saw them, locked, marked from their correction, and their grade
 * with its reason when an eliminatory question decided it (docs/quizzes.md, "Correction").
 */
export const CorrectionView = ({ poll, participant, viewerPhone, onBack }: CorrectionViewProps) => {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  const { respondentName, respondentPhone } = participant
  const response = useQuery({
    queryKey: pollKeys.response(viewerPhone, poll.pollId, respondentPhone),
    queryFn: ({ signal }) => fetchResponse(poll.pollId, respondentPhone, signal),
  })

  // The view changed under the reader: say where they are now.
  useEffect(() => heading.current?.focus(), [])

  return (
    <section className="poll-correction" aria-labelledby={`${poll.pollId}-correction`}>
      <button type="button" className="btn btn-ghost poll-correction__back" onClick={onBack}>
        <BackIcon />
        {t('quizzes.back')}
      </button>
      <h3 id={`${poll.pollId}-correction`} ref={heading} tabIndex={-1} className="poll-heading">
        {t('quizzes.correctionFor', { name: respondentName })}
      </h3>
      {response.isPending && <PollLoading />}
      {response.isError && (
        <PollProblem error={response.error} fallback={t('quizzes.loadFailed')} />
      )}
      {response.data === null && <p className="poll-empty">{t('quizzes.noResponse')}</p>}
      {response.data && (
        <div className="poll-answers">
          <GradedResponse
            questions={poll.questions}
            response={response.data}
            gradeText={t('quizzes.theirGrade', { grade: response.data.grade })}
          />
        </div>
      )}
    </section>
  )
}
