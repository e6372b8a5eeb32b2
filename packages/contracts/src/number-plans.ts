import { Metadata } from 'libphonenumber-js'
import { acceptedDialCodes, type DialCode } from './phone.js'

// Apart from canonical-phone.ts: only the OpenAPI document (openapi.ts) reads the number plans
// as patterns, and no screen of the web app needs them (docs/bundle-budgets.md).

/** The few methods of libphonenumber's numbering plan read here (its typings leave them out). */
interface PlanPatterns {
  nationalNumberPattern(): string
  hasTypes(): boolean
  type(name: string): { pattern(): string } | undefined
}

/**
 * The national numbers libphonenumber holds valid for a dial code, as a regular expression
 * without anchors: those of the dial code's main country (France for 33). Where several countries
 * share the code (+1, +44), the plan lists each kind of number apart, and the pattern names its
 * mobile numbers (the United States' fixed-line ones, which its plan does not tell apart): valid
 * numbers of that code, and a pattern short enough for a fuzzer to draw from (the whole plan of
 * +44 is two kilobytes of expression).
 */
const nationalNumbers = (dialCode: DialCode): string => {
  const metadata = new Metadata()
  // A dial code selects the plan of its main country, as the parser does.
  metadata.selectNumberingPlan(dialCode as never)
  const plan = metadata.numberingPlan as unknown as PlanPatterns
  if (!plan.hasTypes()) return plan.nationalNumberPattern()
  const mobile = plan.type('MOBILE')?.pattern() ?? ''
  // An empty mobile pattern means "the same as the fixed-line one" in libphonenumber's data.
  return mobile !== '' ? mobile : (plan.type('FIXED_LINE')?.pattern() ?? '')
}

/**
 * A full number of an accepted country that libphonenumber holds valid, digits only, after an
 * optional `prefix` ('\\+' for a '+' that must be typed): the dial code, then a national number
 * of its plan (docs/phones.md, "The key"). Every string it matches is a phone `canonicalPhone`
 * reads without a country; it leaves out the separators and trunk prefixes people may also
 * type, which the server accepts too.
 */
export const internationalPhonePattern = (prefix = ''): string =>
  `^${prefix}(?:${acceptedDialCodes
    .map((code) => `${code}(?:${nationalNumbers(code)})`)
    .join('|')})$`

/**
 * A national number libphonenumber holds valid for `dialCode`, digits only, as typed beside
 * that country in the OTP phone step: every string it matches is a phone `canonicalPhone`
 * reads with that dial code.
 */
export const nationalPhonePattern = (dialCode: DialCode): string =>
  // Typed beside a country, digits that begin with 00 are read as a full international number,
  // never as a national one, whatever the plan says.
  `^(?!00)(?:${nationalNumbers(dialCode)})$`
