import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { FormAlert } from '../../components/form-alert'
import { TextField } from '../../components/text-field'
import { useAccountTexts } from './account-texts'
import type { NewPasswordValues } from './new-password-schema'
import { lazyResolver } from './use-account-runtime'

/** Step 3 of the reset's rules (`new-password-schema.ts`), with the account runtime. */
const resolver = lazyResolver((runtime) => runtime.resolvers.newPassword)

export const NewPasswordForm = ({
  onReset,
}: {
  /** Resolves to an error message to show (a contracts text), or null when the password was changed. */
  onReset: (password: string) => Promise<string | null>
}) => {
  const { t, serverText, fieldText } = useAccountTexts()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<NewPasswordValues>({
    resolver,
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
