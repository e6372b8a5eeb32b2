import { isValidPhoneNumber } from 'libphonenumber-js'
import { stripDialCode, stripPhone, type CanonicalPhoneOptions } from './phone.js'

// Apart from phone.ts: it alone needs the phone metadata, so a screen that only reads phones
// (the wall) does not download it (docs/bundle-budgets.md).

/**
 * Whether a number typed without '+' or '00' still begins with its dial code. That prefix is
 * removed, but some national numbers begin with the same digits (Indian mobiles start with
 * 9, '91…' is both): the prefix is kept when the number is valid as typed and invalid without.
 */
const startsWithOwnDialCode = (dial: string, digits: string): boolean => {
  if (!digits.startsWith(dial) || digits.length <= dial.length) return false
  const asTyped = isValidPhoneNumber(`+${dial}${digits}`)
  const stripped = isValidPhoneNumber(`+${digits}`)
  return !(asTyped && !stripped)
}

/**
 * The user key of a typed phone: dial code digits + national digits. The dial code prefix is
 * removed from the number when the user typed it too; the leading 0 is dropped on request.
 * Returns the digits even when they are not a plausible phone: validate with
 * `canonicalPhoneSchema` or `isCanonicalPhone`.
 */
export const canonicalPhone = (
  dialCode: string,
  number: string,
  options: CanonicalPhoneOptions = {},
): string => {
  const dial = stripDialCode(dialCode)
  const typedInternational = /^\s*(\+|00)/.test(number)
  let digits = stripPhone(number)
  if (typedInternational) {
    digits = digits.replace(/^00/, '')
    if (digits.startsWith(dial)) digits = digits.slice(dial.length)
  } else if (startsWithOwnDialCode(dial, digits)) {
    digits = digits.slice(dial.length)
  }
  if (options.dropLeadingZero === true) digits = digits.replace(/^0/, '')
  return `${dial}${digits}`
}
