import { zodResolver } from '@hookform/resolvers/zod'
import { messages } from '@palabre/contracts'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormAlert } from '../../components/form-alert'
import { TextField } from '../../components/text-field'
import { newPasswordProblems } from '../../lib/new-password'

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
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...form.register('confirm')}
      />
      {failure !== null && (
        <FormAlert>
          {failure} {errorExtra}
        </FormAlert>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {messages.signUp.signUp}
      </button>
    </form>
  )
}
