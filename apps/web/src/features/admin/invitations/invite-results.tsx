import type { InviteResult } from '@palabre/contracts'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { displayPhoneKey } from '../../../lib/phone-input'

/**
 * An invitation's outcome in words (docs/organisation.md, "Invitations"); a pending phone
 * invited again says so, with the name it has now and, when this line changed it, the old one.
 */
const outcomeKey = (result: InviteResult) => {
  if (result.outcome === 'invited')
    return result.messageSent === false
      ? 'admin.invitations.outcome.notSent'
      : 'admin.invitations.outcome.sent'
  if (result.outcome === 'already_invited')
    return result.messageSent === false
      ? 'admin.invitations.outcome.alreadyInvitedNotSent'
      : 'admin.invitations.outcome.alreadyInvited'
  if (result.outcome === 'already_member') return 'admin.invitations.outcome.alreadyMember'
  if (result.outcome === 'invalid') return 'admin.invitations.outcome.invalid'
  return 'admin.invitations.outcome.duplicate'
}

/** What became of each invitation of the last call, in the order they were given. */
export const InviteResults = ({ results }: { results: readonly InviteResult[] }) => {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <div className="admin-results" role="status">
      <h4 id={headingId}>{t('admin.invitations.results')}</h4>
      <ul aria-labelledby={headingId}>
        {results.map((result, at) => (
          <li
            key={`${at}-${result.input}`}
            className={`admin-result admin-result--${result.outcome}`}
            data-testid="invite-result"
          >
            <span className="admin-person">
              {result.name !== undefined && result.name !== '' && (
                <span className="admin-person__name">{result.name}</span>
              )}
              {result.phone === undefined ? (
                // What was sent, as it was: it may be a whole line of text.
                <span className="admin-person__phone admin-wrap">{result.input}</span>
              ) : (
                <span className="admin-person__phone">{displayPhoneKey(result.phone)}</span>
              )}
            </span>
            <span>
              {t(outcomeKey(result))}
              {result.previousName !== undefined &&
                ` ${t('admin.invitations.outcome.renamed', { previousName: result.previousName })}`}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
