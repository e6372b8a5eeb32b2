import { parsePollFileName } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import { PollIcon } from '../../components/icons'
import { PollHost, usePollHost } from './poll-host'
import './poll-card.css'

export interface PollCardProps {
  /** The attachment's name, `<title>_____<pollId>.poll`. */
  fileName: string
  viewerPhone: string
  viewerName: string
}

/**
 * A quiz in a discussion (docs/quizzes.md, "The card"): its title, read from the attachment's
 * name without a request, and a button. Its creator gets the results, anyone else the quiz to
 * answer, or their graded answers. The modals open in the discussion's host; a card shown
 * outside one brings its own.
 */
export const PollCard = (props: PollCardProps) => {
  const { t } = useTranslation()
  const open = usePollHost()
  if (open === null)
    return (
      <PollHost viewerPhone={props.viewerPhone} viewerName={props.viewerName}>
        <PollCard {...props} />
      </PollHost>
    )
  const poll = parsePollFileName(props.fileName)
  const title = poll?.title ?? props.fileName
  return (
    <div className="poll-card" data-testid="poll-card">
      <span className="poll-card__icon">
        <PollIcon />
      </span>
      <span className="poll-card__title">
        <span className="visually-hidden">{t('quizzes.quiz')}: </span>
        {title}
      </span>
      <button
        type="button"
        className="btn btn-secondary poll-card__open"
        aria-label={t('quizzes.open', { title })}
        disabled={poll === null}
        onClick={() => {
          if (poll !== null) open({ pollId: poll.pollId, title })
        }}
      >
        {t('quizzes.openButton')}
      </button>
    </div>
  )
}
