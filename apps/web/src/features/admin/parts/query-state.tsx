import type { UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '../../../components/form-alert'
import { useFailureMessage } from '../../../lib/failure-message'

/**
 * What a list shows until its first answer: that it is loading, or why it failed (the server's
 * text in the screen's language) with a way to ask again. Nothing once it has data.
 */
export const QueryState = ({ query }: { query: UseQueryResult<unknown> }) => {
  const { t } = useTranslation()
  const failureMessage = useFailureMessage()
  if (query.isPending && !query.isError)
    return (
      <p className="admin-muted" role="status">
        {t('admin.page.loading')}
      </p>
    )
  if (query.isError)
    return (
      <div className="admin-failure">
        <FormAlert>{failureMessage(query.error, t('admin.page.loadFailed'))}</FormAlert>
        <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
          {t('admin.page.retry')}
        </button>
      </div>
    )
  return null
}
