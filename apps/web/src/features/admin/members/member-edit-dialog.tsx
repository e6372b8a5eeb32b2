import { recipientDisplayName, type Member, type MemberKind } from '@palabre/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar } from '../../../components/avatar'
import { FormAlert } from '../../../components/form-alert'
import { Modal } from '../../../components/modal'
import { TextField } from '../../../components/text-field'
import { useFailureMessage } from '../../../lib/failure-message'
import { adminKeys, resetMemberPhoto, updateMember } from '../admin-calls'

const textFields = ['name', 'title', 'team', 'site'] as const

interface MemberPage {
  total: number
  items: Member[]
}

/**
 * An administrator's 'Edit' of a member's name, title, team, site and kind (docs/organisation.md,
 * "Profiles"). Only the fields changed are sent; the answer takes the row's place in every page
 * held, and the audit trail is read again. A refusal is the server's text, in the screen's
 * language, and the dialog stays open. 'Remove photo', shown when the member has one, removes it
 * at once (docs/organisation.md, "Photos").
 */
export const MemberEditDialog = ({
  member,
  onClose,
  onSaved,
}: {
  member: Member
  onClose: () => void
  onSaved: (member: Member) => void
}) => {
  const { t } = useTranslation()
  const client = useQueryClient()
  const failureMessage = useFailureMessage()
  const kindId = useId()
  const [draft, setDraft] = useState({
    name: member.name,
    title: member.title,
    team: member.team,
    site: member.site,
    kind: member.kind,
  })
  const save = useMutation({
    mutationFn: () => {
      const changed = Object.fromEntries(
        Object.entries(draft).filter(
          ([field, value]) => member[field as keyof typeof draft] !== value,
        ),
      )
      return updateMember(member.phone, changed)
    },
    onSuccess: (updated) => {
      client.setQueriesData<MemberPage>({ queryKey: adminKeys.membersAll }, (page) =>
        page === undefined
          ? page
          : {
              ...page,
              items: page.items.map((item) => (item.phone === updated.phone ? updated : item)),
            },
      )
      onSaved(updated)
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.auditAll }),
  })
  const removePhoto = useMutation({
    mutationFn: () => resetMemberPhoto(member.phone),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.membersAll }),
        client.invalidateQueries({ queryKey: adminKeys.auditAll }),
      ]),
  })
  const text = (field: (typeof textFields)[number]) => (
    <TextField
      key={field}
      label={t(`admin.members.fields.${field}`)}
      value={draft[field]}
      maxLength={100}
      onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
    />
  )
  return (
    <Modal
      open
      title={t('admin.members.editTitle', { name: recipientDisplayName(member) })}
      onClose={onClose}
    >
      <form
        className="modal-form"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate()
        }}
      >
        {member.photo !== undefined && !removePhoto.isSuccess && (
          <div className="member-edit__photo">
            <Avatar name={member.name} photo={member.photo} size="large" />
            <button
              type="button"
              className="btn btn-secondary"
              disabled={removePhoto.isPending}
              onClick={() => removePhoto.mutate()}
            >
              {t('admin.members.removePhoto')}
            </button>
          </div>
        )}
        {removePhoto.isSuccess && (
          <FormAlert tone="success">{t('admin.members.photoRemoved')}</FormAlert>
        )}
        {removePhoto.isError && (
          <FormAlert>{failureMessage(removePhoto.error, t('admin.page.actionFailed'))}</FormAlert>
        )}
        {textFields.map(text)}
        <div className="field">
          <label htmlFor={kindId} className="field__label">
            {t('admin.members.fields.kind')}
          </label>
          <select
            id={kindId}
            className="field__input"
            value={draft.kind}
            onChange={(event) => setDraft({ ...draft, kind: event.target.value as MemberKind })}
          >
            <option value="employee">{t('admin.members.kindOf.employee')}</option>
            <option value="partner">{t('admin.members.kindOf.partner')}</option>
          </select>
        </div>
        {save.isError && (
          <FormAlert>{failureMessage(save.error, t('admin.page.actionFailed'))}</FormAlert>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('admin.members.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('admin.members.save')}
          </button>
        </div>
      </form>
    </Modal>
  )
}
