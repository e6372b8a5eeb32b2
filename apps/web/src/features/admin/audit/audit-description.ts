import { roleSchema, signupModeSchema, type AuditEntry } from '@palabre/contracts'
import type { TFunction } from 'i18next'
import { z } from 'zod'

// The details each action records (docs/organisation.md, "Audit trail"). Read, not trusted: an
// entry whose details do not have the expected shape is described without them.
const named = z.object({ name: z.string().min(1) })
const roleChange = z.object({ from: roleSchema, to: roleSchema })
const settingsValue = z.object({
  signupMode: signupModeSchema,
  allowedEmailDomains: z.array(z.string()),
})
const settingsChange = z.object({ from: settingsValue, to: settingsValue })
const profileChanges = z.record(z.string(), z.object({ from: z.string(), to: z.string() }))
const announced = z.object({
  start: z.string().min(1).optional(),
  recipients: z.number().int().nonnegative(),
})

const settingsText = (t: TFunction, value: z.infer<typeof settingsValue>): string =>
  t('admin.audit.settingsValue', {
    mode: t(`admin.audit.mode.${value.signupMode}`),
    domains:
      value.allowedEmailDomains.length === 0
        ? t('admin.audit.noDomain')
        : value.allowedEmailDomains.join(', '),
  })

/**
 * What an entry of the audit trail says was done, in words, with its details: the name an
 * invitation gave, a role's 'from → to', the settings before and after.
 */
export const describeAudit = (t: TFunction, entry: AuditEntry): string => {
  switch (entry.action) {
    case 'invite': {
      const details = named.safeParse(entry.details)
      return details.success
        ? t('admin.audit.action.inviteNamed', { name: details.data.name })
        : t('admin.audit.action.invite')
    }
    case 'role': {
      const details = roleChange.safeParse(entry.details)
      if (!details.success) return t('admin.audit.action.role', { from: '?', to: '?' })
      return t('admin.audit.action.role', {
        from: t(`admin.audit.role.${details.data.from}`),
        to: t(`admin.audit.role.${details.data.to}`),
      })
    }
    case 'settings': {
      const details = settingsChange.safeParse(entry.details)
      if (!details.success) return t('admin.audit.action.settings', { from: '?', to: '?' })
      return t('admin.audit.action.settings', {
        from: settingsText(t, details.data.from),
        to: settingsText(t, details.data.to),
      })
    }
    case 'revoke':
      return t('admin.audit.action.revoke')
    case 'deactivate':
      return t('admin.audit.action.deactivate')
    case 'activate':
      return t('admin.audit.action.activate')
    case 'announce':
      return t('admin.audit.action.announce')
    case 'remind':
      return t('admin.audit.action.remind')
    case 'export':
      return t('admin.audit.action.export')
    case 'password_change':
      return t('admin.audit.action.passwordChange')
    case 'member_update': {
      // Each changed field's 'from → to' (docs/organisation.md, "Profiles"), '—' for an unset one.
      const details = profileChanges.safeParse(entry.details)
      const changes = details.success
        ? Object.entries(details.data)
            .map(([field, { from, to }]) => `${field}: ${from || '—'} → ${to || '—'}`)
            .join(', ')
        : '?'
      return t('admin.audit.action.member_update', { changes })
    }
    case 'member_photo_reset':
      // An administrator removed the member's photo (docs/organisation.md, "Photos").
      return t('admin.audit.action.member_photo_reset')
    case 'invitations_import': {
      // Its counts (docs/organisation.md, "Invitations"), '?' for a shape it does not know.
      const details = importCounts.safeParse(entry.details)
      return details.success
        ? t('admin.audit.action.invitations_import', details.data)
        : t('admin.audit.action.invitations_import', { invited: '?', refused: '?' })
    }
  }
}

const importCounts = z.object({ invited: z.number(), refused: z.number() })

/**
 * What an entry acted on when it names no person: an announcement's start and its count of
 * recipients (docs/organisation.md, "Audit trail"); null for the rest, and for an older entry
 * that recorded neither.
 */
export const auditSubject = (t: TFunction, entry: AuditEntry): string | null => {
  if (entry.action !== 'announce') return null
  const details = announced.safeParse(entry.details)
  if (!details.success) return null
  const { start, recipients: count } = details.data
  return start === undefined
    ? t('admin.audit.recipients', { count })
    : t('admin.audit.announced', { start, count })
}
