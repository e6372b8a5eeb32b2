import type { MyProfile } from '@palabre/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar } from '../../components/avatar'
import { FormAlert } from '../../components/form-alert'
import './profile-photo.css'
import { useFailureMessage } from '../../lib/failure-message'
import { startUpload } from '../../lib/upload'
import { myProfileKey, saveMyProfile } from './profile-calls'

/**
 * The person's photo in their 'Profile' panel (docs/organisation.md, "Photos"): shown large, with
 * 'Change photo' (an image uploaded, then named as the photo) and 'Remove photo'.
 */
export const ProfilePhoto = ({ profile }: { profile: MyProfile }) => {
  const { t } = useTranslation()
  const client = useQueryClient()
  const failureMessage = useFailureMessage()
  const inputId = useId()
  const save = useMutation({
    mutationFn: async (file: File | null) => {
      if (file === null) return saveMyProfile({ photoFileName: null })
      const { fileName } = await startUpload(file, file.name, undefined, 'image').done
      return saveMyProfile({ photoFileName: fileName })
    },
    onSuccess: (saved) => client.setQueryData(myProfileKey, saved),
  })
  return (
    <div className="profile-photo">
      <Avatar name={profile.name} photo={profile.photo} size="large" />
      <div className="profile-photo__actions">
        <label htmlFor={inputId} className="btn btn-secondary">
          {t('profile.changePhoto')}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/gif"
          disabled={save.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) save.mutate(file)
            event.target.value = ''
          }}
        />
        {profile.photo !== undefined && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={save.isPending}
            onClick={() => save.mutate(null)}
          >
            {t('profile.removePhoto')}
          </button>
        )}
      </div>
      {save.isError && (
        <FormAlert>{failureMessage(save.error, t('profile.photoFailed'))}</FormAlert>
      )}
      {save.isSuccess && (
        <FormAlert tone="success">
          {t(save.data.photo ? 'profile.photoSaved' : 'profile.photoRemoved')}
        </FormAlert>
      )}
    </div>
  )
}
