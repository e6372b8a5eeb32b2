import { acceptedCountries, canonicalPhone, stripPhone, type Country } from '@palabre/contracts'

/** The countries of every phone step: only the 21 dial codes the product recognises (docs/behaviour.md, "Phone numbers"). */
export const phoneCountries: readonly Country[] = acceptedCountries

export const countryOf = (code: string): Country | undefined =>
  phoneCountries.find((country) => country.code === code)

/** Whether anything is left of a typed phone once its special characters are stripped (docs/behaviour.md, "Phone numbers"). */
export const hasPhoneDigits = (typed: string): boolean => stripPhone(typed).trim() !== ''

/**
 * The account key of a typed phone: dial code + national number, digits only, the dial code
 * removed if typed again. The national leading 0 is dropped on every screen, not only sign-up:
 * sign-up stores numbers without it, so a sign-in or reset that kept it could never match.
 */
export const accountPhone = (dialCode: string, typed: string): string =>
  canonicalPhone(dialCode, typed, { dropLeadingZero: true })

/** '+33 612345678', for telling the user where a code went. */
export const displayPhone = (dialCode: string, typed: string): string => {
  const full = accountPhone(dialCode, typed)
  const dial = stripPhone(dialCode)
  return `+${dial} ${full.slice(dial.length)}`
}
