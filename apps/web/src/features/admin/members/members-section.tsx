import { recipientDisplayName, type Member } from '@palabre/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../../components/text-field'
import { formatPostDate } from '../../../lib/dates'
import { useLang } from '../../../i18n/use-lang'
import { adminKeys, fetchMembers } from '../admin-calls'
import { AdminList, type Column } from '../parts/admin-list'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { NoticeLine } from '../parts/notice'
import { Pager } from '../parts/pager'
import { QueryState } from '../parts/query-state'
import { displayPhoneKey } from '../../../lib/phone-input'
import { MemberActions } from './member-actions'
import { MemberEditDialog } from './member-edit-dialog'
import { useMemberActions } from './use-member-actions'

/**
 * The members (docs/organisation.md, "Members" and "The console"): searched on submit by name
 * or phone, 20 a page, with each one's role, status, dates and actions.
 */
export const MembersSection = ({
  selfPhone,
  onHistory,
}: {
  selfPhone: string
  onHistory: (phone: string) => void
}) => {
  const { t } = useTranslation()
  const lang = useLang()
  const [draft, setDraft] = useState('')
  const [q, setQ] = useState('')
  const [n, setN] = useState(0)
  const [asking, setAsking] = useState<Member | null>(null)
  const [editing, setEditing] = useState<Member | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const members = useQuery({
    queryKey: adminKeys.members(q, n),
    queryFn: ({ signal }) => fetchMembers(q, n, signal),
    placeholderData: keepPreviousData,
  })
  const actions = useMemberActions()
  const search = (word: string) => {
    setQ(word.trim())
    setN(0)
  }
  const columns: Column<Member>[] = [
    {
      id: 'name',
      label: t('admin.members.columns.name'),
      cell: (member) => (
        <span className="admin-person__name">
          {member.name}
          {member.phone === selfPhone && (
            <span className="admin-tag">{t('admin.members.you')}</span>
          )}
        </span>
      ),
    },
    {
      id: 'phone',
      label: t('admin.members.columns.phone'),
      cell: (member) => <span className="admin-nowrap">{displayPhoneKey(member.phone)}</span>,
    },
    {
      id: 'profile',
      label: t('admin.members.columns.profile'),
      cell: (member) =>
        [member.title, member.team, member.site].filter((value) => value !== '').join(' · ') || '—',
    },
    {
      id: 'kind',
      label: t('admin.members.columns.kind'),
      cell: (member) => t(`admin.members.kindOf.${member.kind}`),
    },
    {
      id: 'role',
      label: t('admin.members.columns.role'),
      cell: (member) => (
        <>
          {t(`admin.members.role.${member.role}`)}
          {member.adminByConfiguration && (
            <span className="admin-muted admin-block">{t('admin.members.byConfiguration')}</span>
          )}
        </>
      ),
    },
    {
      id: 'status',
      label: t('admin.members.columns.status'),
      cell: (member) => (
        <span className={`admin-status admin-status--${member.status}`}>
          {t(`admin.members.status.${member.status}`)}
        </span>
      ),
    },
    {
      id: 'joined',
      label: t('admin.members.columns.joined'),
      cell: (member) => formatPostDate(member.createdAt, lang),
    },
    {
      id: 'lastSeen',
      label: t('admin.members.columns.lastSeen'),
      cell: (member) =>
        member.lastSeenAt === null
          ? t('admin.members.never')
          : formatPostDate(member.lastSeenAt, lang),
    },
    {
      id: 'actions',
      label: t('admin.members.columns.actions'),
      bareOnCard: true,
      cell: (member) => (
        <MemberActions
          member={member}
          self={member.phone === selfPhone}
          pending={actions.pendingPhone === member.phone}
          onAction={(action) => {
            setSaved(null)
            actions.run(action, member)
          }}
          onDeactivate={() => setAsking(member)}
          onHistory={() => onHistory(member.phone)}
          onEdit={() => {
            setSaved(null)
            setEditing(member)
          }}
        />
      ),
    },
  ]

  const page = members.data
  return (
    <div className="admin-section">
      <form
        role="search"
        className="admin-search"
        onSubmit={(event) => {
          event.preventDefault()
          search(draft)
        }}
      >
        <TextField
          type="search"
          label={t('admin.members.search')}
          value={draft}
          maxLength={100}
          onChange={(event) => {
            setDraft(event.target.value)
            // Emptying the box ends the search, as on the wall (docs/wall.md, "Scope, paging and search").
            if (event.target.value.trim() === '' && q !== '') search('')
          }}
        />
        <button type="submit" className="btn btn-primary">
          {t('admin.members.searchButton')}
        </button>
      </form>
      <NoticeLine notice={saved === null ? actions.notice : { tone: 'success', text: saved }} />
      <QueryState query={members} />
      {page !== undefined && (
        <>
          {page.items.length === 0 ? (
            <p className="admin-muted">
              {q === '' ? t('admin.members.empty') : t('admin.members.noMatch')}
            </p>
          ) : (
            <AdminList
              items={page.items}
              columns={columns}
              rowKey={(member) => member.phone}
              caption={t('admin.members.list')}
              testId="member-row"
            />
          )}
          <Pager n={n} total={page.total} onPage={setN} />
        </>
      )}
      {editing !== null && (
        <MemberEditDialog
          member={editing}
          onClose={() => setEditing(null)}
          onSaved={(member) => {
            setEditing(null)
            setSaved(t('admin.members.saved', { name: recipientDisplayName(member) }))
          }}
        />
      )}
      {asking !== null && (
        <ConfirmDialog
          message={t('admin.members.confirmDeactivate', { name: recipientDisplayName(asking) })}
          confirm={t('admin.members.deactivate')}
          cancel={t('admin.members.cancel')}
          onConfirm={() => {
            actions.run('deactivate', asking)
            setAsking(null)
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  )
}
