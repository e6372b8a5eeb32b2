import { zodResolver } from '@hookform/resolvers/zod'
import { messages } from '@palabre/contracts'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormAlert } from '../../components/form-alert'
import { TextField } from '../../components/text-field'
import { newPasswordProblems } from '../../lib/new-password'
import { useAccountTexts } from './account-texts'

/**
 * Step 5 of the sign-up (docs/behaviour.md, "Sign-up"): the confirmation is asked for only once a
 * password is typed; then the contract's own password rule applies.
 */
export const profileStepSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    password: z.string(),
    confirm: z.string(),
  })
  .superRefine(({ firstName, lastName, ...passwords }, ctx) => {
    const fail = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message })
    if (firstName.trim() === '') fail('firstName', messages.signUp.firstNameRequired)
    if (lastName.trim() === '') fail('lastName', messages.signUp.lastNameRequired)
    const problems = newPasswordProblems(passwords, messages.signUp, {
      confirmOncePasswordTyped: true,
    })
    for (const { path, message } of problems) fail(path, message)
  })

export type ProfileStepValues = z.input<typeof profileStepSchema>

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
    resolver: zodResolver(profileStepSchema),
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
