import { parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js'
import {
  isAcceptedDialCode,
  phoneMaxDigits,
  stripDialCode,
  stripPhone,
  typedPhonePattern,
} from './phone.js'

// Apart from phone.ts: with countries.ts, it alone needs the phone metadata, so a screen that
// only reads phones (the wall) does not download it (docs/bundle-budgets.md).

/**
 * The user key of a phone as a person typed it: the dial code's digits then the national
 * number's digits (docs/phones.md, "The key"), or null when it cannot be a phone of an
 * accepted country (answered 'Format is incorrect.', `phoneMessages.formatIncorrect`).
 *
 * - `dialCode` is the country picked beside the number ('33' or '+33'). A number typed with
 *   '+' or '00', or given without a dial code (a key sent back, '33612345678'), carries its own.
 * - The national number follows libphonenumber's rule for its country: a trunk prefix is
 *   dropped (France: '06 12 34 56 02' is '33612345602'), a 0 that is part of the number is kept
 *   (Côte d'Ivoire: '07 07 12 34 56' is '2250707123456'), and a dial code typed again in front
 *   of a national number is removed unless the number is only valid with it.
 * - A key holds at most `phoneMaxDigits` (15, E.164's most): a longer one, which a few plans
 *   allow (Nigeria's 14-digit national numbers), could never be named in a path or payload.
 *
 * A valid key maps to itself, so the servers may run every typed phone through it.
 */
export const canonicalPhone = (typed: string, dialCode?: string): string | null => {
  const text = typed.trim()
  if (!typedPhonePattern.test(text)) return null
  const digits = stripPhone(text)
  const international = dialCode === undefined || text.startsWith('+') || digits.startsWith('00')
  let parsed: PhoneNumber | undefined
  if (international) parsed = parsePhoneNumberFromString(`+${digits.replace(/^00/, '')}`)
  else if (isAcceptedDialCode(dialCode))
    parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: stripDialCode(dialCode) })
  if (parsed === undefined || !parsed.isValid() || !isAcceptedDialCode(parsed.countryCallingCode))
    return null
  const key = `${parsed.countryCallingCode}${parsed.nationalNumber}`
  return key.length <= phoneMaxDigits ? key : null
}

/** Whether a stored key is already the canonical phone of a valid number. */
export const isValidPhoneKey = (key: string): boolean =>
  /^\d+$/.test(key) && canonicalPhone(key) === key

/**
 * A phone key ('33612000002') as people read it: its dial code, then the national number grouped
 * the way its country writes it, libphonenumber's international format ('+33 6 12 00 00 02');
 * a key no number plan reads shows as '+' and its digits (docs/phones.md, "Showing a phone").
 * The web's screens, the profile's `phoneDisplay`, the exports' pages and the spreadsheet
 * downloads all write a phone so.
 */
export const displayPhoneKey = (key: string): string =>
  parsePhoneNumberFromString(`+${key}`)?.formatInternational() ?? `+${key}`
