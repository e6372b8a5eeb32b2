import { z } from 'zod'

/** The only dial codes the product recognises, in the order of docs/behaviour.md, "Phone numbers". */
export const acceptedDialCodes = [
  '213',
  '32',
  '229',
  '226',
  '237',
  '225',
  '243',
  '33',
  '241',
  '245',
  '224',
  '91',
  '62',
  '212',
  '234',
  '221',
  '235',
  '216',
  '44',
  '1',
  '84',
] as const

export type DialCode = (typeof acceptedDialCodes)[number]

/** Canonical phones are digits only: dial code then national number (E.164 without '+'). */
export const phoneMinDigits = 6
export const phoneMaxDigits = 15

export const phoneMessages = {
  invalid: 'A phone number is 6 to 15 digits, with its country dial code.',
  unknownDialCode: 'Please select country.',
} as const

/** Strips [ - + ^ ( ) # * ] and spaces from a typed phone (docs/behaviour.md, "Phone numbers"). */
export const stripPhone = (raw: string): string => raw.replace(/[\s\-+^()#*]/g, '')

/** Digits of a dial code typed as '+33', '33' or ' +33 '. */
export const stripDialCode = (dialCode: string): string => stripPhone(dialCode)

export const isAcceptedDialCode = (dialCode: string): dialCode is DialCode =>
  (acceptedDialCodes as readonly string[]).includes(stripDialCode(dialCode))

export interface CanonicalPhoneOptions {
  /** Drops the national trunk 0 ('0612…' -> '612…'), docs/behaviour.md, "Phone numbers". */
  dropLeadingZero?: boolean
}

const canonicalPattern = new RegExp(`^\\d{${phoneMinDigits},${phoneMaxDigits}}$`)

export const isCanonicalPhone = (value: string): boolean => canonicalPattern.test(value)

/** The accepted dial code a canonical phone starts with (longest match), if any. */
export const dialCodeOf = (phone: string): DialCode | undefined =>
  [...acceptedDialCodes].sort((a, b) => b.length - a.length).find((code) => phone.startsWith(code))

/**
 * Any phone in a path or payload. Accepts '+33 6 12-34-56-78', '0033612345678' and
 * '33612345678' alike and yields the canonical digits, so every lookup uses one form.
 */
export const canonicalPhoneSchema = z
  .string({ error: phoneMessages.invalid })
  .transform((value) => stripPhone(value).replace(/^00/, ''))
  .pipe(z.string().regex(canonicalPattern, phoneMessages.invalid))
  .meta({
    description: 'Phone: dial code and national number, digits only.',
    example: '33612345678',
  })

/** A dial code among the 21 the product recognises, as digits ('33'); '+33' is accepted. */
export const dialCodeSchema = z
  .string({ error: phoneMessages.unknownDialCode })
  .transform(stripDialCode)
  .pipe(z.enum(acceptedDialCodes, { error: phoneMessages.unknownDialCode }))
