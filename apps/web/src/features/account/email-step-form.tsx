import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { FormAlert } from '../../components/form-alert'
import { TextField } from '../../components/text-field'
import { useAccountTexts } from './account-texts'
import type { EmailStepOutput, EmailStepValues } from './email-step-schema'
import { lazyResolver } from './use-account-runtime'

/** The contract's e-mail rule (`email-step-schema.ts`), with the account runtime. */
const resolver = lazyResolver((runtime) => runtime.resolvers.emailStep)

/** Step 3 of the sign-up: the e-mail that receives the second code. */
export const EmailStepForm = ({
  defaultMail,
  onSend,
  errorExtra,
}: {
  defaultMail: string
  onSend: (mail: string) => Promise<string | null>
  errorExtra?: ReactNode
}) => {
  const { t, serverText, fieldText } = useAccountTexts()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<EmailStepValues, unknown, EmailStepOutput>({
    resolver,
    defaultValues: { mail: defaultMail },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ mail }) => {
    setFailure(null)
    setFailure(await onSend(mail))
  })

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('account.signUp.email')}
        type="email"
        autoComplete="email"
        error={fieldText(errors.mail?.message)}
        {...form.register('mail')}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {t('account.signUp.sendCode')}
      </button>
      {failure !== null && (
        <FormAlert>
          {serverText(failure)} {errorExtra}
        </FormAlert>
      )}
    </form>
  )
}
