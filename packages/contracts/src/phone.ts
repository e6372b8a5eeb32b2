import { z } from 'zod'
import { messages } from './messages.js'

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
  /** A typed number that cannot be a phone of its country (`canonicalPhone` says null). */
  formatIncorrect: messages.contact.formatIncorrect,
} as const

/** Strips [ - + ^ ( ) # * ] and spaces from a typed phone (docs/behaviour.md, "Phone numbers"). */
export const stripPhone = (raw: string): string => raw.replace(/[\s\-+^()#*]/g, '')

/** What may be typed in a phone field: digits and the characters `stripPhone` removes. */
export const typedPhonePattern = /^[\d\s\-+^()#*]+$/

/** Digits of a dial code typed as '+33', '33' or ' +33 '. */
export const stripDialCode = (dialCode: string): string => stripPhone(dialCode)

export const isAcceptedDialCode = (dialCode: string): dialCode is DialCode =>
  (acceptedDialCodes as readonly string[]).includes(stripDialCode(dialCode))

const canonicalPattern = new RegExp(`^\\d{${phoneMinDigits},${phoneMaxDigits}}$`)

/**
 * The accepted dial code a phone key starts with, if any. Dial codes are prefix-free (no code
 * is the start of another), so there is at most one.
 */
export const dialCodeOfPhone = (phone: string): DialCode | undefined =>
  acceptedDialCodes.find((code) => phone.startsWith(code))

/**
 * A phone key in a path or payload: what the server answered earlier, sent back. Separators, a
 * '+' and a leading '00' are removed ('+33 6 12-34-56-78', '0033612345678' and '33612345678'
 * are one key); the digits are then taken as they are, never re-read by a country's number
 * plan, so every stored key, whatever its country, stays reachable. A number a person types
 * goes through `canonicalPhone` (canonical-phone.ts) on the server instead
 * (docs/behaviour.md, "Phone numbers").
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
