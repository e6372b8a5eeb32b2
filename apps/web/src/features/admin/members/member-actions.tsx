import { recipientDisplayName, type Member } from '@palabre/contracts'
import { useTranslation } from 'react-i18next'
import type { MemberAction } from './use-member-actions'

/**
 * A member's buttons (docs/organisation.md, "The console"): the role change and Deactivate
 * (which asks first), neither for oneself nor for an administrator of ADMIN_PHONES, whom the
 * server would refuse; Activate for a deactivated member; Edit of their profile (docs/organisation.md,
 * "Profiles"); and their history in the audit trail.
 */
export const MemberActions = ({
  member,
  self,
  pending,
  onAction,
  onDeactivate,
  onHistory,
  onEdit,
}: {
  member: Member
  self: boolean
  pending: boolean
  onAction: (action: MemberAction) => void
  onDeactivate: () => void
  onHistory: () => void
  onEdit: () => void
}) => {
  const { t } = useTranslation()
  const name = recipientDisplayName(member)
  // The server refuses both for oneself and for ADMIN_PHONES (docs/organisation.md, "Roles").
  const canAct = !self && !member.adminByConfiguration
  return (
    <div className="admin-actions">
      {canAct &&
        (member.role === 'member' ? (
          <button
            type="button"
            className="btn btn-secondary admin-action"
            disabled={pending}
            aria-label={t('admin.members.makeAdminOf', { name })}
            onClick={() => onAction('makeAdmin')}
          >
            {t('admin.members.makeAdmin')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-secondary admin-action"
            disabled={pending}
            aria-label={t('admin.members.makeMemberOf', { name })}
            onClick={() => onAction('makeMember')}
          >
            {t('admin.members.makeMember')}
          </button>
        ))}
      {member.status === 'active' && canAct && (
        <button
          type="button"
          className="btn btn-secondary admin-action admin-action--danger"
          disabled={pending}
          aria-label={t('admin.members.deactivateOf', { name })}
          onClick={onDeactivate}
        >
          {t('admin.members.deactivate')}
        </button>
      )}
      {member.status === 'deactivated' && (
        <button
          type="button"
          className="btn btn-secondary admin-action"
          disabled={pending}
          aria-label={t('admin.members.activateOf', { name })}
          onClick={() => onAction('activate')}
        >
          {t('admin.members.activate')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-secondary admin-action"
        disabled={pending}
        aria-label={t('admin.members.editOf', { name })}
        onClick={onEdit}
      >
        {t('admin.members.edit')}
      </button>
      <button
        type="button"
        className="btn btn-ghost admin-action"
        aria-label={t('admin.members.historyOf', { name })}
        onClick={onHistory}
      >
        {t('admin.members.history')}
      </button>
    </div>
  )
}
