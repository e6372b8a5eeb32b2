import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Modal } from '../../components/modal'
import { AnswerView } from './answer-view'
import { pollKeys } from './keys'
import { fetchPoll } from './poll-calls'
import { PollLayer } from './poll-layer'
import { PollLoading, PollProblem } from './poll-status'
import { ResultsView } from './results-view'
import '../../components/modal-forms.css'
import './polls.css'

export interface PollModalsProps {
  pollId: string
  /** The title read from the attachment's name, shown until the quiz is in. */
  title: string
  viewerPhone: string
  viewerName: string
  onClose: () => void
}

/**
 * What a quiz card opens (docs/quizzes.md, "The card"): the quiz is read first, then its
 * creator gets the results and anyone else the quiz to answer, or their graded answers.
 */
export const PollModals = ({
  pollId,
  title,
  viewerPhone,
  viewerName,
  onClose,
}: PollModalsProps) => {
  const { t } = useTranslation()
  const poll = useQuery({
    queryKey: pollKeys.poll(viewerPhone, pollId),
    queryFn: ({ signal }) => fetchPoll(pollId, signal),
  })
  const data = poll.data
  return (
    <PollLayer>
      <Modal open title={data?.title ?? title} onClose={onClose} className="poll-modal">
        {poll.isPending && <PollLoading />}
        {poll.isError && <PollProblem error={poll.error} fallback={t('quizzes.loadFailed')} />}
        {data !== undefined &&
          (data.phoneCreatorPoll === viewerPhone ? (
            <ResultsView poll={data} viewerPhone={viewerPhone} />
          ) : (
            <AnswerView poll={data} viewerPhone={viewerPhone} viewerName={viewerName} />
          ))}
      </Modal>
    </PollLayer>
  )
}
