import { useId, useMemo, useState, type Ref } from 'react'
import './form.css'

export interface CountryOption {
  name: string
  dial_code: string
  code: string
}

export interface CountrySelectProps {
  countries: readonly CountryOption[]
  /** ISO code of the chosen country, '' when none. */
  value: string
  onChange: (code: string) => void
  onBlur?: () => void
  error?: string | undefined
  name?: string
  ref?: Ref<HTMLSelectElement>
}

const digits = (text: string) => text.replace(/\D/g, '')

/** Matches a country by name, ISO code or dial code ('33', '+33' and 'fra' all find France). */
export const matchesCountry = (country: CountryOption, query: string): boolean => {
  const word = query.trim().toLowerCase()
  if (word === '') return true
  if (country.name.toLowerCase().includes(word) || country.code.toLowerCase() === word) return true
  const dial = digits(word)
  return dial !== '' && digits(country.dial_code).startsWith(dial)
}

/**
 * Country picker: a search box narrowing a native select, so keyboard, screen readers and
 * mobile pickers all work as the platform intends.
 */
export const CountrySelect = ({
  countries,
  value,
  onChange,
  onBlur,
  error,
  name,
  ref,
}: CountrySelectProps) => {
  const id = useId()
  const [query, setQuery] = useState('')
  const visible = useMemo(() => {
    const found = countries.filter((country) => matchesCountry(country, query))
    // The chosen country stays listed so the select never loses its value while searching.
    const chosen = countries.find((country) => country.code === value)
    return chosen && !found.includes(chosen) ? [chosen, ...found] : found
  }, [countries, query, value])

  return (
    <div className="field country-select">
      <label htmlFor={`${id}-select`} className="field__label">
        Country
      </label>
      <input
        type="search"
        className="field__input country-select__search"
        placeholder="Search a country or a dial code"
        aria-label="Search a country"
        aria-controls={`${id}-select`}
        value={query}
        onChange={(event) => {
          const text = event.target.value
          setQuery(text)
          const matches = countries.filter((country) => matchesCountry(country, text))
          // A search that leaves a single country picks it, as a typed dial code would.
          if (matches.length === 1 && matches[0]) onChange(matches[0].code)
        }}
      />
      <select
        ref={ref}
        id={`${id}-select`}
        name={name}
        className="field__select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">Select your country</option>
        {visible.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name} ({country.dial_code})
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
