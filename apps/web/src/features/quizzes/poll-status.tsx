import { useTranslation } from 'react-i18next'
import { FormAlert } from '../../components/form-alert'
import { useFailureMessage } from '../../lib/failure-message'

/** A quiz modal waiting for the server: never a blank modal (docs/quizzes.md, "Errors"). */
export const PollLoading = () => {
  const { t } = useTranslation()
  return (
    <p className="poll-status" role="status">
      {t('quizzes.loading')}
    </p>
  )
}

/** A load that failed: the server's reason, or ours (docs/quizzes.md, "Errors"). */
export const PollProblem = ({ error, fallback }: { error: unknown; fallback: string }) => {
  const failureMessage = useFailureMessage()
  return <FormAlert>{failureMessage(error, fallback)}</FormAlert>
}
