import type { MyProfile, ProfileLanguage, UserProfile } from '@palabre/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '../../components/form-alert'
import { Modal } from '../../components/modal'
import { TextField } from '../../components/text-field'
import { registerProfileTexts } from '../../i18n/catalogue/profile'
import { useFailureMessage } from '../../lib/failure-message'
import { sessionQueryKey } from '../../session/session-query'
import { fetchMyProfile, myProfileKey, saveMyProfile } from './profile-calls'
import { ProfilePhoto } from './profile-photo'

const languageChoices: readonly ProfileLanguage[] = ['en', 'fr']

/** The form, once the profile is read: its fields start from it. */
const ProfileForm = ({ profile, onClose }: { profile: MyProfile; onClose: () => void }) => {
  const { t, i18n } = useTranslation()
  const client = useQueryClient()
  const failureMessage = useFailureMessage()
  const languageId = useId()
  const [name, setName] = useState(profile.name)
  const [title, setTitle] = useState(profile.title)
  const [language, setLanguage] = useState<ProfileLanguage>(
    profile.language ?? (i18n.resolvedLanguage === 'fr' ? 'fr' : 'en'),
  )
  const save = useMutation({
    mutationFn: () => saveMyProfile({ name, title, language }),
    onSuccess: async (saved) => {
      client.setQueryData(myProfileKey, saved)
      // The wall's own name, which it reads from the session (GET /api/auth/me).
      client.setQueryData<UserProfile | null>(sessionQueryKey, (session) =>
        session ? { ...session, nomPrenom: saved.name } : session,
      )
      if (saved.language !== undefined) await i18n.changeLanguage(saved.language)
    },
  })
  return (
    <form
      className="modal-form"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate()
      }}
    >
      <TextField
        label={t('profile.name')}
        value={name}
        maxLength={100}
        required
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label={t('profile.jobTitle')}
        value={title}
        maxLength={100}
        onChange={(event) => setTitle(event.target.value)}
      />
      <div className="field">
        <label htmlFor={languageId} className="field__label">
          {t('profile.language')}
        </label>
        <select
          id={languageId}
          className="field__input"
          value={language}
          onChange={(event) => setLanguage(event.target.value as ProfileLanguage)}
        >
          {languageChoices.map((choice) => (
            <option key={choice} value={choice} lang={choice}>
              {t(`profile.languages.${choice}`)}
            </option>
          ))}
        </select>
      </div>
      <dl className="profile-panel__set">
        <dt>{t('profile.team')}</dt>
        <dd>{profile.team || t('profile.unset')}</dd>
        <dt>{t('profile.site')}</dt>
        <dd>{profile.site || t('profile.unset')}</dd>
        <dt>{t('profile.kindLabel')}</dt>
        <dd>{t(`profile.kind.${profile.kind}`)}</dd>
      </dl>
      <p className="field__hint">{t('profile.setByAdministrators')}</p>
      {save.isError && <FormAlert>{failureMessage(save.error, t('profile.saveFailed'))}</FormAlert>}
      {save.isSuccess && <FormAlert tone="success">{t('profile.saved')}</FormAlert>}
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('profile.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('profile.save')}
        </button>
      </div>
    </form>
  )
}

/**
 * The 'Profile' panel of the wall's menu (docs/organisation.md, "Profiles"): the person's name,
 * title, language and photo ("Photos"), which they change; their team, site and kind, which
 * administrators set.
 * Loaded only when opened (docs/bundle-budgets.md).
 */
export const ProfilePanel = ({
  onClose,
  onChangePassword,
}: {
  onClose: () => void
  /** Leaves the panel for the password change (docs/behaviour.md, "Password change"). */
  onChangePassword: () => void
}) => {
  const { t, i18n } = useTranslation()
  useState(() => registerProfileTexts(i18n))
  const profile = useQuery({
    queryKey: myProfileKey,
    queryFn: ({ signal }) => fetchMyProfile(signal),
  })
  return (
    <Modal open title={t('profile.title')} onClose={onClose}>
      {profile.data !== undefined ? (
        <>
          <ProfilePhoto profile={profile.data} />
          <ProfileForm profile={profile.data} onClose={onClose} />
        </>
      ) : profile.isError ? (
        <FormAlert>{t('profile.loadFailed')}</FormAlert>
      ) : null}
      <p>
        <button type="button" className="btn btn-secondary" onClick={onChangePassword}>
          {t('wall.layout.changePassword')}
        </button>
      </p>
    </Modal>
  )
}
