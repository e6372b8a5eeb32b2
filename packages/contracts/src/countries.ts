import { getCountries, getCountryCallingCode } from 'libphonenumber-js'
import { acceptedDialCodes, isAcceptedDialCode, type DialCode } from './phone.js'

/** A country of the selects: English name, dial code ('+33') and ISO code ('FR'). */
export interface Country {
  name: string
  dial_code: string
  code: string
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'region' })

/**
 * Every country libphonenumber knows (about 245), named by the runtime's CLDR data rather than
 * typed by hand, sorted by name.
 */
export const countries: readonly Country[] = getCountries()
  .map((code) => ({
    name: englishNames.of(code) ?? code,
    dial_code: `+${getCountryCallingCode(code)}`,
    code,
  }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))

/** The countries whose dial code is one of the 21 the product recognises (docs/behaviour.md, "Phone numbers"). */
export const acceptedCountries: readonly Country[] = countries.filter((country) =>
  (acceptedDialCodes as readonly string[]).includes(country.dial_code.slice(1)),
)

export const countryByCode = (code: string): Country | undefined =>
  countries.find((country) => country.code === code.toUpperCase())

/**
 * The dial code of a country of the pickers, by its ISO code ('FR' -> '33'); undefined for no
 * country or one whose dial code the product does not recognise.
 */
export const dialCodeOfCountry = (code: string): DialCode | undefined => {
  const dial = acceptedCountries.find((country) => country.code === code)?.dial_code.slice(1)
  return dial !== undefined && isAcceptedDialCode(dial) ? dial : undefined
}
