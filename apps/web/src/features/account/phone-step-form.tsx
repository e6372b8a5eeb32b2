import { zodResolver } from '@hookform/resolvers/zod'
import { messages, phoneMessages, phoneOtpSendSchema } from '@palabre/contracts'
import { useState, type ReactNode } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { CountrySelect } from '../../components/country-select'
import { FormAlert } from '../../components/form-alert'
import { TextField } from '../../components/text-field'
import { isPhoneOf, phoneCountries } from '../../lib/phone-input'
import { useAccountTexts } from './account-texts'

/** The contract's own rule for the typed number, so the form and the server say the same. */
const typedNumber = phoneOtpSendSchema.shape.nameValuePairs.shape.phoneNumber

export const phoneStepSchema = z
  .object({
    country: z.string().min(1, messages.phoneStep.countryRequired),
    phone: z.string().pipe(typedNumber),
  })
  // A number that cannot be a phone of the country picked: the server's rule and text
  // (docs/behaviour.md, "Phone numbers"), said before any code is asked for.
  .refine(({ country, phone }) => isPhoneOf(country, phone), {
    path: ['phone'],
    message: phoneMessages.formatIncorrect,
    when: (payload) => phoneStepFieldsValid(payload.value),
  })

/** Whether the country and the number passed their own checks (the number's rule needs both). */
const phoneStepFieldsValid = (value: unknown): boolean => {
  const { country, phone } = (value ?? {}) as { country?: unknown; phone?: unknown }
  return (
    typeof country === 'string' &&
    country !== '' &&
    typeof phone === 'string' &&
    typedNumber.safeParse(phone).success
  )
}

export type PhoneStepValues = z.input<typeof phoneStepSchema>

export interface PhoneStepFormProps {
  defaultValues?: PhoneStepValues
  /** Resolves to an error message to show (a contracts text), or null when the code was sent. */
  onSend: (values: PhoneStepValues) => Promise<string | null>
  /** Shown with an error (sign-up offers a 'Log in' link there). */
  errorExtra?: ReactNode
}

/** Step 1 of the reset and of the sign-up: country, phone, 'Send Code' (docs/behaviour.md, "Sign-up"). */
export const PhoneStepForm = ({ defaultValues, onSend, errorExtra }: PhoneStepFormProps) => {
  const { t, serverText, fieldText } = useAccountTexts()
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<PhoneStepValues>({
    resolver: zodResolver(phoneStepSchema),
    defaultValues: defaultValues ?? { country: '', phone: '' },
  })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    setFailure(null)
    setFailure(await onSend(values))
  })

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
      <Controller
        control={form.control}
        name="country"
        render={({ field }) => (
          <CountrySelect
            countries={phoneCountries}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            error={fieldText(errors.country?.message)}
          />
        )}
      />
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
