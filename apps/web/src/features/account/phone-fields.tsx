import { Controller, type Control, type Path, type UseFormRegister } from 'react-hook-form'
import { CountrySelect, CountrySelectPlaceholder } from '../../components/country-select'
import { TextField } from '../../components/text-field'
import type { AccountRuntime } from './use-account-runtime'

/** What the forms that ask for a phone hold: its country (ISO code) and the number as typed. */
interface PhoneValues {
  country: string
  phone: string
}

export interface PhoneFieldsProps<T extends PhoneValues> {
  control: Control<T>
  register: UseFormRegister<T>
  /** The account runtime, null until it arrives: the country picker keeps its place meanwhile. */
  runtime: AccountRuntime | null
  phoneLabel: string
  countryError: string | undefined
  phoneError: string | undefined
}

/**
 * The country and phone of the sign-in, the reset and the sign-up (docs/behaviour.md,
 * "Sign-in", "Sign-up"): the country list comes with the account runtime
 * (docs/bundle-budgets.md, "First paint"), a placeholder of its size stands until then.
 */
export const PhoneFields = <T extends PhoneValues>({
  control,
  register,
  runtime,
  phoneLabel,
  countryError,
  phoneError,
}: PhoneFieldsProps<T>) => (
  <>
    {runtime === null ? (
      <CountrySelectPlaceholder />
    ) : (
      <Controller
        control={control}
        // Every form of T has these two fields; react-hook-form cannot see it through T.
        name={'country' as Path<T>}
        render={({ field }) => (
          <CountrySelect
            countries={runtime.phoneCountries}
            value={field.value as string}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            error={countryError}
          />
        )}
      />
    )}
    <TextField
      label={phoneLabel}
      type="tel"
      autoComplete="tel-national"
      inputMode="tel"
      error={phoneError}
      {...register('phone' as Path<T>)}
    />
  </>
)
