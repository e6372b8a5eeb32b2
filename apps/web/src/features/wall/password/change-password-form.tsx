import { zodResolver } from '@hookform/resolvers/zod'
import { authRoutes } from '@palabre/contracts'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '../../../components/form-alert'
import { Modal } from '../../../components/modal'
import { TextField } from '../../../components/text-field'
import { useLang } from '../../../i18n/use-lang'
import { useServerText, useShownMessage } from '../../../i18n/server-text'
import { callRoute } from '../../../lib/api-client'
import { ApiError } from '../../../lib/api-error'
import { changePasswordSchema } from './change-password-schema'
import type { ChangePasswordValues } from './change-password-schema'

const resolver = zodResolver(changePasswordSchema)

/** Where the server's field issues go: its body fields, by the form's names. */
const fieldOf = { 'body.currentPassword': 'current', 'body.newPassword': 'password' } as const

/**
 * The password change (docs/behaviour.md, "Password change"): the current password, the new one
 * and its confirmation; the server's refusals show on their field, its answer when done.
 */
export const ChangePasswordForm = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation()
  const lang = useLang()
  const serverText = useServerText()
  const shown = useShownMessage()
  const [reveal, setReveal] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<ChangePasswordValues>({
    resolver,
    defaultValues: { current: '', password: '', confirm: '' },
  })
  const { errors, isSubmitting } = form.formState
  const type = reveal ? 'text' : 'password'

  const submit = form.handleSubmit(async ({ current, password }) => {
    setFailure(null)
    try {
      const answer = await callRoute(authRoutes.changePassword, {
        body: { currentPassword: current, newPassword: password, lang },
      })
      setDone(answer.message)
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : []
      const placed = issues.filter((issue) => issue.path in fieldOf)
      for (const issue of placed)
        form.setError(fieldOf[issue.path as keyof typeof fieldOf], { message: issue.message })
      if (placed.length === 0)
        setFailure(error instanceof Error ? error.message : t('wall.layout.changePassword'))
    }
  })

  return (
    <Modal open title={t('wall.layout.changePassword')} onClose={onClose}>
      {done !== null ? (
        <p role="status">{serverText(done)}</p>
      ) : (
        <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
          <TextField
            label={t('wall.layout.currentPassword')}
            type={type}
            autoComplete="current-password"
            error={shown(errors.current?.message)}
            {...form.register('current')}
          />
          <TextField
            label={t('wall.layout.newPassword')}
            type={type}
            autoComplete="new-password"
            error={shown(errors.password?.message)}
            {...form.register('password')}
          />
          <TextField
            label={t('wall.layout.confirmNewPassword')}
            type={type}
            autoComplete="new-password"
            error={shown(errors.confirm?.message)}
            {...form.register('confirm')}
          />
          <label className="field">
            <input type="checkbox" checked={reveal} onChange={(e) => setReveal(e.target.checked)} />{' '}
            {t('wall.layout.showPasswords')}
          </label>
          {failure !== null && <FormAlert>{serverText(failure)}</FormAlert>}
          <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
            {t('wall.layout.changePassword')}
          </button>
        </form>
      )}
    </Modal>
  )
}
