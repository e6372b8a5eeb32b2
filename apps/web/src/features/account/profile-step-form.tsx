import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { FormAlert } from '../../components/form-alert'
import { TextField } from '../../components/text-field'
import { useAccountTexts } from './account-texts'
import type { ProfileStepValues } from './profile-step-schema'
import { lazyResolver } from './use-account-runtime'

export type { ProfileStepValues }

/** Step 5's rules (`profile-step-schema.ts`, docs/behaviour.md, "Sign-up"), with the account runtime. */
const resolver = lazyResolver((runtime) => runtime.resolvers.profileStep)

export const ProfileStepForm = ({
  onSignUp,
  errorExtra,
}: {
  onSignUp: (values: ProfileStepValues) => Promise<string | null>
  errorExtra?: ReactNode
}) => {
  const { t, serverText, fieldText } = useAccountTexts()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<ProfileStepValues>({
    resolver,
    defaultValues: { firstName: '', lastName: '', password: '', confirm: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    setFailure(await onSignUp(values))
  })

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="auth-form__row">
        <TextField
          label={t('account.signUp.firstName')}
          autoComplete="given-name"
          error={fieldText(errors.firstName?.message)}
          {...form.register('firstName')}
        />
        <TextField
          label={t('account.signUp.lastName')}
          autoComplete="family-name"
          error={fieldText(errors.lastName?.message)}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        label={t('account.signUp.password')}
        type="password"
        autoComplete="new-password"
        error={fieldText(errors.password?.message)}
        {...form.register('password')}
      />
      <TextField
        label={t('account.signUp.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={fieldText(errors.confirm?.message)}
        {...form.register('confirm')}
      />
      {failure !== null && (
        <FormAlert>
          {serverText(failure)} {errorExtra}
        </FormAlert>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {t('account.signUp.signUp')}
      </button>
    </form>
  )
}
