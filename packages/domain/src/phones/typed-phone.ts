import { canonicalPhone, phoneMessages } from '@palabre/contracts'
import { DomainError } from '../posts/domain-error.js'

/**
 * The key of a phone a person typed (docs/behaviour.md, "Phone numbers"): sign-up, sign-in,
 * reset, the OTP phone step and contacts all go through it. `dialCode` is the country picked
 * beside the number, if any. A number that cannot be a phone of an accepted country is refused
 * with 'Format is incorrect.', before anything is read or written.
 */
export const typedPhoneKey = (typed: string, dialCode?: string): string => {
  const key = canonicalPhone(typed, dialCode)
  if (key === null) throw new DomainError('validation_failed', phoneMessages.formatIncorrect)
  return key
}
