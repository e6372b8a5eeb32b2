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

/**
 * A phone key ('33612345678') as people write it, in the same international format; a key the
 * metadata cannot read shows as '+' and its digits. The contracts' rule, which the exports use too.
 */
export { displayPhoneKey } from '@palabre/contracts'

/** The ISO code of a phone key's country ('33612345678' -> 'FR'), '' when unknown. */
export const countryOfPhoneKey = (key: string): string =>
  parsePhoneNumberFromString(`+${key}`)?.country ?? ''

/**
 * The phone step's fields for a phone key, as an invitation's sign-up link carries it
 * (`/inscription?phone=33612345678`, docs/organisation.md, "Invitations"): the country the number
 * belongs to and the number as that country writes it at home ('FR', '06 12 34 56 78'), which
 * give back the same key. Null for a value that is no phone of an accepted country, or that
 * names no country of the pickers.
 */
export const phoneFieldsOfKey = (key: string): { country: string; phone: string } | null => {
  const digits = stripPhone(key).replace(/^00/, '')
  if (!/^\d+$/.test(digits)) return null
  const canonical = canonicalPhone(`+${digits}`)
  if (canonical === null) return null
  const parsed = parsePhoneNumberFromString(`+${canonical}`)
  const country = parsed?.country
  if (parsed === undefined || country === undefined || countryOf(country) === undefined) return null
  const phone = parsed.formatNational()
  return accountPhone(country, phone) === canonical ? { country, phone } : null
}
