import { useState, type ReactNode } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { CountrySelect, CountrySelectPlaceholder } from '../../components/country-select'
import { FormAlert } from '../../components/form-alert'
import { TextField } from '../../components/text-field'
import { useAccountTexts } from './account-texts'
import type { PhoneStepValues } from './phone-step-schema'
import { lazyResolver } from './use-account-runtime'

export type { PhoneStepValues }

export interface PhoneStepFormProps {
  defaultValues?: PhoneStepValues
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
export const PhoneStepForm = ({ defaultValues, onSend, errorExtra }: PhoneStepFormProps) => {
  const { t, serverText, fieldText, runtime } = useAccountTexts()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<PhoneStepValues>({
    resolver,
    defaultValues: defaultValues ?? { country: '', phone: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    setFailure(await onSend(values))
  })

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      {runtime === null ? (
        <CountrySelectPlaceholder />
      ) : (
        <Controller
          control={form.control}
          name="country"
          render={({ field }) => (
            <CountrySelect
              countries={runtime.phoneCountries}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={fieldText(errors.country?.message)}
            />
          )}
        />
      )}
      <TextField
        label={t('account.phoneStep.phone')}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        error={fieldText(errors.phone?.message)}
        {...form.register('phone')}
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
