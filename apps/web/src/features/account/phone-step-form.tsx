import { useEffect, useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { FormAlert } from '../../components/form-alert'
import { useAccountTexts } from './account-texts'
import { PhoneFields } from './phone-fields'
import type { PhoneStepValues } from './phone-step-schema'
import { lazyResolver } from './use-account-runtime'

export type { PhoneStepValues }

export interface PhoneStepFormProps {
  defaultValues?: PhoneStepValues
  /**
   * Values known only once the account runtime is in (a sign-up link's phone): they fill the
   * form when they come, unless something was typed or picked meanwhile.
   */
  prefill?: PhoneStepValues | null
  /** Resolves to an error message to show (a contracts text), or null when the code was sent. */
  onSend: (values: PhoneStepValues) => Promise<string | null>
  /** Shown with an error (sign-up offers a 'Log in' link there). */
  errorExtra?: ReactNode
}

const resolver = lazyResolver((runtime) => runtime.resolvers.phoneStep)

/**
 * Step 1 of the reset and of the sign-up: country, phone, 'Send Code' (docs/behaviour.md,
 * "Sign-up"). The country list and the checks come with the account runtime
 * (docs/bundle-budgets.md, "First paint").
 */
export const PhoneStepForm = ({
  defaultValues,
  prefill,
  onSend,
  errorExtra,
}: PhoneStepFormProps) => {
  const { t, serverText, fieldText, runtime } = useAccountTexts()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<PhoneStepValues>({
    resolver,
    defaultValues: defaultValues ?? { country: '', phone: '' },
  })
  const { errors, isSubmitting } = form.formState

  // A sign-up link's phone fills an untouched form only (docs/behaviour.md, "Sign-up").
  useEffect(() => {
    if (prefill === null || prefill === undefined) return
    const { country, phone } = form.getValues()
    if (country === '' && phone === '') form.reset(prefill)
  }, [prefill, form])

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    setFailure(await onSend(values))
  })

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <PhoneFields
        control={form.control}
        register={form.register}
        runtime={runtime}
        phoneLabel={t('account.phoneStep.phone')}
        countryError={fieldText(errors.country?.message)}
        phoneError={fieldText(errors.phone?.message)}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {t('account.phoneStep.sendCode')}
      </button>
      {failure !== null && (
        <FormAlert>
          {serverText(failure)} {errorExtra}
        </FormAlert>
      )}
    </form>
  )
}
