import { zodResolver } from '@hookform/resolvers/zod'
import { messages } from '@palabre/contracts'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormAlert } from '../../components/form-alert'
import { TextField } from '../../components/text-field'
import { newPasswordProblems } from '../../lib/new-password'
import { useAccountTexts } from './account-texts'

/** Step 3 of the reset: the field messages (docs/behaviour.md, "Messages"), then the contract's password rule. */
export const newPasswordSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine((values, ctx) => {
    const problems = newPasswordProblems(values, messages.reset, {
      confirmOncePasswordTyped: false,
    })
    for (const { path, message } of problems)
      ctx.addIssue({ code: 'custom', path: [path], message })
  })

export type NewPasswordValues = z.input<typeof newPasswordSchema>

export const NewPasswordForm = ({
  onReset,
}: {
  /** Resolves to an error message to show (a contracts text), or null when the password was changed. */
  onReset: (password: string) => Promise<string | null>
}) => {
  const { t, serverText, fieldText } = useAccountTexts()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null)
    setFailure(await onReset(password))
  })

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('account.reset.newPassword')}
        type="password"
        autoComplete="new-password"
        error={fieldText(errors.password?.message)}
        {...form.register('password')}
      />
      <TextField
        label={t('account.reset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={fieldText(errors.confirm?.message)}
        {...form.register('confirm')}
      />
      {failure !== null && <FormAlert>{serverText(failure)}</FormAlert>}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {t('account.reset.resetPassword')}
      </button>
    </form>
  )
}
