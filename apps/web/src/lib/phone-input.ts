import {
  acceptedCountries,
  canonicalPhone,
  dialCodeOfCountry,
  stripPhone,
  type Country,
} from '@palabre/contracts'
import { parsePhoneNumberFromString } from 'libphonenumber-js'

/** The countries of every phone step: only the 21 dial codes the product recognises (docs/behaviour.md, "Phone numbers"). */
export const phoneCountries: readonly Country[] = acceptedCountries

export const countryOf = (code: string): Country | undefined =>
  phoneCountries.find((country) => country.code === code)

/**
 * The dial code of a country of the phone steps, as digits ('FR' -> '33'); '' for no country or
 * one whose dial code the product does not recognise. The web's one door to the contracts'
 * dial codes (docs/web-structure.md, "One home each").
 */
export const dialCodeFor = (country: string): string => dialCodeOfCountry(country) ?? ''

/** Whether anything is left of a typed phone once its special characters are stripped (docs/behaviour.md, "Phone numbers"). */
export const hasPhoneDigits = (typed: string): boolean => stripPhone(typed).trim() !== ''

/**
 * The account key of a phone typed beside a country (ISO code, 'FR'): the contracts' rule, the
 * one the server applies too, so sign-up, sign-in and reset find the same account ('06 12…' in
 * France is 336…, '07 07…' in Côte d'Ivoire keeps its 0). The auth screens load the phone
 * metadata anyway (docs/bundle-budgets.md). A number that cannot be a phone there (the forms
 * say so first, `isPhoneOf`) goes as its digits, which the server refuses with the same text.
 */
export const accountPhone = (country: string, typed: string): string => {
  const dial = dialCodeFor(country)
  return canonicalPhone(typed, dial) ?? `${dial}${stripPhone(typed)}`
}

/** Whether a typed number can be a phone of the country picked beside it. */
export const isPhoneOf = (country: string, typed: string): boolean =>
  canonicalPhone(typed, dialCodeFor(country)) !== null

/**
 * A phone as people write it, for telling them where a code went: its dial code, then the
 * national number grouped the way its country writes it (libphonenumber's international
 * format, '+33 6 12 34 56 78', '+225 07 07 12 3456'). A number the metadata cannot format
 * shows as its dial code and digits ('+33 612').
 */
export const displayPhone = (country: string, typed: string): string => {
  const dial = dialCodeFor(country)
  const key = accountPhone(country, typed)
  return (
    parsePhoneNumberFromString(`+${key}`)?.formatInternational() ??
    `+${dial} ${key.slice(dial.length)}`
  )
}
