import { canonicalPhone, canonicalPhoneSchema, type AuditEntry } from '@palabre/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../../components/text-field'
import { formatPostDate } from '../../../lib/dates'
import { useLang } from '../../../i18n/use-lang'
import { adminKeys, fetchAudit } from '../admin-calls'
import { AdminList, type Column } from '../parts/admin-list'
import { Pager } from '../parts/pager'
import { Person } from '../parts/person'
import { QueryState } from '../parts/query-state'
import { displayPhoneKey } from '../../../lib/phone-input'
import { auditSubject, describeAudit } from './audit-description'

/**
 * The key of a phone typed in the filter: read as the sign-up reads it, in the administrator's
 * country unless it starts with '+' or '00' (docs/behaviour.md, "Phone numbers"); a number
 * written in international form that the metadata does not know is taken as its digits, so an
 * old account's key is still found. Null when it is no phone.
 */
export const filterKey = (typed: string, dialCode: string): string | null => {
  const text = typed.trim()
  const known = canonicalPhone(text, dialCode === '' ? undefined : dialCode)
  if (known !== null) return known
  if (!/^(\+|00)/.test(text)) return null
  const digits = canonicalPhoneSchema.safeParse(text)
  return digits.success ? digits.data : null
}

/**
 * The audit trail (docs/organisation.md, "Audit trail"): newest first, 20 a page, filtered by a
 * member's phone (typed here, or their History in the members' list); each entry says when, who,
 * what and to whom.
 */
export const AuditSection = ({
  phone,
  dialCode,
  onFilter,
}: {
  /** The phone key the trail is filtered by, from the address. */
  phone: string | undefined
  /** The administrator's own dial code, for a number typed without '+'. */
  dialCode: string
  onFilter: (phone: string | undefined) => void
}) => {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(phone === undefined ? '' : displayPhoneKey(phone))
  const [error, setError] = useState<string | undefined>(undefined)
  return (
    <div className="admin-section">
      <form
        role="search"
        className="admin-search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (draft.trim() === '') {
            setError(undefined)
            return onFilter(undefined)
          }
          const key = filterKey(draft, dialCode)
          setError(key === null ? t('admin.audit.notAPhone') : undefined)
          if (key !== null) onFilter(key)
        }}
      >
        <TextField
          type="tel"
          label={t('admin.audit.filter')}
          hint={t('admin.audit.filterHint')}
          error={error}
          maxLength={64}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          {t('admin.audit.apply')}
        </button>
        {phone !== undefined && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setDraft('')
              setError(undefined)
              onFilter(undefined)
            }}
          >
            {t('admin.audit.clear')}
          </button>
        )}
      </form>
      {phone !== undefined && (
        <p className="admin-filtered">
          {t('admin.audit.filteredBy', { who: displayPhoneKey(phone) })}
        </p>
      )}
      <AuditList phone={phone} />
    </div>
  )
}

const AuditList = ({ phone }: { phone: string | undefined }) => {
  const { t } = useTranslation()
  const lang = useLang()
  const [n, setN] = useState(0)
  const audit = useQuery({
    queryKey: adminKeys.audit(n, phone),
    queryFn: ({ signal }) => fetchAudit(n, phone, signal),
    placeholderData: keepPreviousData,
  })
  const columns: Column<AuditEntry>[] = [
    {
      id: 'when',
      label: t('admin.audit.columns.when'),
      cell: (entry) => <span className="admin-nowrap">{formatPostDate(entry.at, lang)}</span>,
    },
    {
      id: 'who',
      label: t('admin.audit.columns.who'),
      cell: (entry) => <Person name={entry.actorName} phone={entry.actor} />,
    },
    {
      id: 'what',
      label: t('admin.audit.columns.what'),
      cell: (entry) => describeAudit(t, entry),
    },
    {
      id: 'target',
      label: t('admin.audit.columns.target'),
      cell: (entry) =>
        entry.target === undefined ? (
          (auditSubject(t, entry) ?? '—')
        ) : (
          <Person name={entry.targetName} phone={entry.target} />
        ),
    },
  ]
  const page = audit.data
  return (
    <>
      <QueryState query={audit} />
      {page !== undefined && (
        <>
          {page.items.length === 0 ? (
            <p className="admin-muted">{t('admin.audit.empty')}</p>
          ) : (
            <AdminList
              items={page.items}
              columns={columns}
              rowKey={(entry) => entry.id}
              caption={t('admin.audit.list')}
              testId="audit-row"
            />
          )}
          <Pager n={n} total={page.total} onPage={setN} />
        </>
      )}
    </>
  )
}
