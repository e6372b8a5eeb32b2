import type { Invitation } from '@palabre/contracts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPostDate } from '../../../lib/dates'
import { useFailureMessage } from '../../../lib/failure-message'
import { useLang } from '../../../i18n/use-lang'
import { adminKeys, fetchInvitations, revokeInvitation } from '../admin-calls'
import { AdminList, type Column } from '../parts/admin-list'
import { NoticeLine, type Notice } from '../parts/notice'
import { Pager } from '../parts/pager'
import { QueryState } from '../parts/query-state'
import { displayPhoneKey } from '../../../lib/phone-input'

/**
 * The pending invitations, newest first, 20 a page, each with Revoke
 * (docs/organisation.md, "Invitations").
 */
export const PendingInvitations = () => {
  const { t } = useTranslation()
  const lang = useLang()
  const headingId = useId()
  const client = useQueryClient()
  const failureMessage = useFailureMessage()
  const [n, setN] = useState(0)
  const [notice, setNotice] = useState<Notice>(null)
  const invitations = useQuery({
    queryKey: adminKeys.invitations(n),
    queryFn: ({ signal }) => fetchInvitations(n, signal),
    placeholderData: keepPreviousData,
  })
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(invitation.phone),
    onMutate: () => setNotice(null),
    onSuccess: (_, invitation) =>
      setNotice({
        tone: 'success',
        text: t('admin.invitations.revoked', { who: displayPhoneKey(invitation.phone) }),
      }),
    onError: (error) =>
      setNotice({ tone: 'error', text: failureMessage(error, t('admin.page.actionFailed')) }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: adminKeys.invitationsAll })
      await client.invalidateQueries({ queryKey: adminKeys.auditAll })
    },
  })

  const columns: Column<Invitation>[] = [
    {
      id: 'phone',
      label: t('admin.invitations.columns.phone'),
      cell: (invitation) => (
        <span className="admin-nowrap">{displayPhoneKey(invitation.phone)}</span>
      ),
    },
    {
      id: 'name',
      label: t('admin.invitations.columns.name'),
      cell: (invitation) => invitation.name ?? '—',
    },
    {
      id: 'invitedAt',
      label: t('admin.invitations.columns.invitedAt'),
      cell: (invitation) => formatPostDate(invitation.invitedAt, lang),
    },
    {
      id: 'invitedBy',
      label: t('admin.invitations.columns.invitedBy'),
      // The inviter by their name, their phone while they have no account (docs/organisation.md).
      cell: (invitation) =>
        invitation.invitedByName ?? (
          <span className="admin-nowrap">{displayPhoneKey(invitation.invitedBy)}</span>
        ),
    },
    {
      id: 'actions',
      label: t('admin.invitations.columns.actions'),
      bareOnCard: true,
      cell: (invitation) => (
        <button
          type="button"
          className="btn btn-secondary admin-action"
          disabled={revoke.isPending}
          aria-label={t('admin.invitations.revokeOf', {
            who: invitation.name ?? displayPhoneKey(invitation.phone),
          })}
          onClick={() => revoke.mutate(invitation)}
        >
          {t('admin.invitations.revoke')}
        </button>
      ),
    },
  ]

  const page = invitations.data
  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('admin.invitations.pending')}</h3>
      <NoticeLine notice={notice} />
      <QueryState query={invitations} />
      {page !== undefined && (
        <>
          {page.items.length === 0 ? (
            <p className="admin-muted">{t('admin.invitations.noPending')}</p>
          ) : (
            <AdminList
              items={page.items}
              columns={columns}
              rowKey={(invitation) => invitation.phone}
              caption={t('admin.invitations.pending')}
              testId="invitation-row"
            />
          )}
          <Pager n={n} total={page.total} onPage={setN} />
        </>
      )}
    </section>
  )
}
