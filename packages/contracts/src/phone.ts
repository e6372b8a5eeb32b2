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
 * A key as the OpenAPI document shows it: the digits `canonicalPattern` takes, sent as they are.
 * Digits that begin with 00 would lose it first (an international prefix), so they are left out.
 */
const sentKeyPattern = `^(?!00)${canonicalPattern.source.slice(1)}`

/**
 * Marks a phone a person typed, which the server reads by libphonenumber's number plans
 * (`canonicalPhone`, canonical-phone.ts) and refuses with 'Format is incorrect.' when it cannot
 * be a phone of an accepted country. The OpenAPI document puts the plans' pattern where the
 * mark is (openapi.ts): `digits`, a full number as digits (the key's shape); `plus`, a full
 * number typed with its '+'; on an object, `{dialCode, number}` names its two fields, a number
 * typed beside its country.
 */
export const numberPlanMark = 'x-number-plan'

export type NumberPlanMark = 'digits' | 'plus' | { dialCode: string; number: string }

/** The meta of a schema so marked: `schema.meta(numberPlan('digits'))`. */
export const numberPlan = (mark: NumberPlanMark) => ({ [numberPlanMark]: mark })

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
    description:
      "Phone: dial code and national number, digits only (spaces, dashes, a '+' or a leading '00' are removed first).",
    // The key's own shape, what the server answers and clients send back.
    pattern: sentKeyPattern,
    example: '33612345678',
  })

/** One of the accepted dial codes, with or without its '+' (the OpenAPI document's form of it). */
const dialCodePattern = `^\\+?(?:${acceptedDialCodes.join('|')})$`

/** A dial code among the 21 the product recognises, as digits ('33'); '+33' is accepted. */
export const dialCodeSchema = z
  .string({ error: phoneMessages.unknownDialCode })
  .transform(stripDialCode)
  .pipe(z.enum(acceptedDialCodes, { error: phoneMessages.unknownDialCode }))
  .meta({
    description: "A dial code the product recognises, digits with or without '+' ('33', '+33').",
    pattern: dialCodePattern,
    example: '33',
  })
