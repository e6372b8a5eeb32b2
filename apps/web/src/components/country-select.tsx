import { useId, useMemo, useState, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
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

/** Lower case without accents, so 'cote' finds "Côte d’Ivoire" and 'senegal' finds 'Sénégal'. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** Matches a country by name, ISO code or dial code ('33', '+33' and 'fra' all find France). */
export const matchesCountry = (country: CountryOption, query: string): boolean => {
  const word = folded(query.trim())
  if (word === '') return true
  if (folded(country.name).includes(word) || country.code.toLowerCase() === word) return true
  const dial = digits(word)
  return dial !== '' && digits(country.dial_code).startsWith(dial)
}

/**
 * The countries named in `language` (the runtime's CLDR names, as the contracts' English ones
 * are) and sorted in its order; a name the runtime lacks stays the English one. The search
 * finds a country by either name.
 */
const inLanguage = (countries: readonly CountryOption[], language: string) => {
  const names = new Intl.DisplayNames([language], { type: 'region' })
  return countries
    .map((country) => ({
      country,
      local: { ...country, name: names.of(country.code) ?? country.name },
    }))
    .sort((a, b) => a.local.name.localeCompare(b.local.name, language))
}

type NamedCountry = ReturnType<typeof inLanguage>[number]

const matching = (named: readonly NamedCountry[], query: string) =>
  named.filter(
    ({ country, local }) => matchesCountry(local, query) || matchesCountry(country, query),
  )

/**
 * Country picker: a search box narrowing a native select, so keyboard, screen readers and
 * mobile pickers all work as the platform intends. Its texts are the account screens'
 * (`account.country`), which its users register; country names are in the screen's language.
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
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? 'en'
  const [query, setQuery] = useState('')
  const named = useMemo(() => inLanguage(countries, language), [countries, language])
  const visible = useMemo(() => {
    const found = matching(named, query)
    // The chosen country stays listed so the select never loses its value while searching.
    const chosen = named.find(({ country }) => country.code === value)
    return chosen && !found.includes(chosen) ? [chosen, ...found] : found
  }, [named, query, value])

  return (
    <div className="field country-select">
      <label htmlFor={`${id}-select`} className="field__label">
        {t('account.country.label')}
      </label>
      <input
        type="search"
        className="field__input country-select__search"
        placeholder={t('account.country.searchPlaceholder')}
        aria-label={t('account.country.search')}
        aria-controls={`${id}-select`}
        value={query}
        onChange={(event) => {
          const text = event.target.value
          setQuery(text)
          const matches = matching(named, text)
          // A search that leaves a single country picks it, as a typed dial code would.
          if (matches.length === 1 && matches[0]) onChange(matches[0].country.code)
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
        <option value="">{t('account.country.choose')}</option>
        {visible.map(({ local }) => (
          <option key={local.code} value={local.code}>
            {local.name} ({local.dial_code})
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

/**
 * Where the picker goes while the country list loads (docs/bundle-budgets.md, "First paint"):
 * the same fields, the same size, so nothing moves when the picker takes its place; disabled
 * and hidden from assistive technologies, since nothing can be chosen yet.
 */
export const CountrySelectPlaceholder = () => {
  const { t } = useTranslation()
  return (
    <div className="field country-select" aria-busy="true" data-testid="country-select-loading">
      <span className="field__label">{t('account.country.label')}</span>
      <input
        type="search"
        className="field__input country-select__search"
        placeholder={t('account.country.searchPlaceholder')}
        aria-hidden="true"
        tabIndex={-1}
        disabled
      />
      <select className="field__select" aria-hidden="true" tabIndex={-1} disabled>
        <option>{t('account.country.choose')}</option>
      </select>
    </div>
  )
}
