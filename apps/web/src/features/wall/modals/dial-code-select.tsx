import { acceptedCountries } from '@palabre/contracts'
import { useId, useMemo, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import '../../../components/form.css'

export interface DialCodeSelectProps {
  /** ISO code of the chosen country, '' when none. */
  value: string
  onChange: (code: string) => void
  onBlur?: () => void
  name?: string
  ref?: Ref<HTMLSelectElement>
}

/**
 * The country code of a new contact (docs/wall.md, "Modals"): a native select of the 21
 * countries the product knows, named in the user's language. The auth screens' CountrySelect
 * speaks English only; the wall speaks French too.
 */
export const DialCodeSelect = ({ value, onChange, onBlur, name, ref }: DialCodeSelectProps) => {
  const id = useId()
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'region' })
    return acceptedCountries
      .map((country) => ({ country, label: names.of(country.code) ?? country.name }))
      .sort((a, b) => a.label.localeCompare(b.label, language))
  }, [language])

  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {t('wall.modals.contact.country')}
      </label>
      <select
        ref={ref}
        id={id}
        name={name}
        className="field__select"
        value={value}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('wall.modals.contact.chooseCountry')}</option>
        {options.map(({ country, label }) => (
          <option key={country.code} value={country.code}>
            {label} ({country.dial_code})
          </option>
        ))}
      </select>
    </div>
  )
}
