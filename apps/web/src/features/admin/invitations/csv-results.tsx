import type { CsvInviteAnswer, CsvRefusal } from '@palabre/contracts'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

/** Each refusal code's text, so a French screen says it in French (docs/languages.md). */
const refusalKeys = {
  invalid_phone: 'admin.invitations.refusal.invalid_phone',
  too_long: 'admin.invitations.refusal.too_long',
  invalid_kind: 'admin.invitations.refusal.invalid_kind',
  already_member: 'admin.invitations.refusal.already_member',
  duplicate: 'admin.invitations.refusal.duplicate',
  columns: 'admin.invitations.refusal.columns',
} as const satisfies Record<CsvRefusal, string>

/**
 * What a file's import did (docs/organisation.md, "The console"): how many were invited, how
 * many of them renewed, and each refused line by its number in the file.
 */
export const CsvResults = ({ answer }: { answer: CsvInviteAnswer }) => {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <div className="admin-results" role="status" data-testid="csv-result">
      <h4 id={headingId}>{t('admin.invitations.csvResults')}</h4>
      <p>
        {t('admin.invitations.csvInvited', { count: answer.invited })}
        {answer.renewed > 0 && ` ${t('admin.invitations.csvRenewed', { count: answer.renewed })}`}
      </p>
      {answer.refused.length > 0 && (
        <ul aria-labelledby={headingId}>
          {answer.refused.map((refused) => (
            <li
              key={refused.line}
              className="admin-result admin-result--invalid"
              data-testid="csv-refused"
            >
              {t('admin.invitations.lineIssue', {
                line: refused.line,
                message: t(refusalKeys[refused.reason]),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
