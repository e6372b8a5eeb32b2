import type { Poll } from '@palabre/contracts'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CorrectionView, type Participant } from './correction-view'
import { pollKeys } from './keys'
import { fetchResults } from './poll-calls'
import { PollLoading, PollProblem } from './poll-status'

export interface ResultsViewProps {
  poll: Poll
  viewerPhone: string
}

/**
 * The participants' grades, for the quiz's creator only (docs/quizzes.md, "Results"): a summary,
 * a table of names and grades, and each participant's correction a click away.
 */
export const ResultsView = ({ poll, viewerPhone }: ResultsViewProps) => {
  const { t } = useTranslation()
  const [participant, setParticipant] = useState<Participant | null>(null)
  // Back from a correction, the reader is told where they are again.
  const [returned, setReturned] = useState(false)
  const heading = useCallback(
    (node: HTMLHeadingElement | null) => {
      if (returned) node?.focus()
    },
    [returned],
  )
  const results = useQuery({
    queryKey: pollKeys.results(viewerPhone, poll.pollId),
    queryFn: ({ signal }) => fetchResults(poll.pollId, signal),
    // Someone may have answered since the last look.
    staleTime: 0,
  })

  if (participant !== null)
    return (
      <CorrectionView
        poll={poll}
        participant={participant}
        viewerPhone={viewerPhone}
        onBack={() => {
          setParticipant(null)
          setReturned(true)
        }}
      />
    )
  if (results.isPending) return <PollLoading />
  if (results.isError)
    return <PollProblem error={results.error} fallback={t('quizzes.loadFailed')} />

  const { title, questionCount, responseCount, responses } = results.data
  return (
    <section className="poll-results" aria-labelledby={`${poll.pollId}-results`}>
      <h3 id={`${poll.pollId}-results`} className="poll-heading" tabIndex={-1} ref={heading}>
        {t('quizzes.resultsHeading', { n: responseCount })}
      </h3>
      <dl className="poll-results__summary" aria-label={t('quizzes.summary')}>
        <div>
          <dt>{t('quizzes.summaryTitle')}</dt>
          <dd>{title}</dd>
        </div>
        <div>
          <dt>{t('quizzes.summaryQuestions')}</dt>
          <dd>{questionCount}</dd>
        </div>
        <div>
          <dt>{t('quizzes.summaryParticipants')}</dt>
          <dd>{responseCount}</dd>
        </div>
      </dl>
      {responses.length === 0 ? (
        <p className="poll-empty">{t('quizzes.noResults')}</p>
      ) : (
        <table className="poll-results__table">
          <thead>
            <tr>
              <th scope="col">{t('quizzes.participantColumn')}</th>
              <th scope="col">{t('quizzes.gradeColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {responses.map((row) => (
              <tr key={row.respondentPhone} data-testid="poll-result">
                <th scope="row">
                  <button
                    type="button"
                    className="link-button"
                    title={t('quizzes.showCorrection', { name: row.respondentName })}
                    onClick={() => setParticipant(row)}
                  >
                    {row.respondentName}
                  </button>
                </th>
                <td>{row.grade}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
