import { messages, newContactSchema } from '@palabre/contracts'
import { DomainError } from '../posts/domain-error.js'
import { typedPhoneKey } from '../phones/typed-phone.js'

/**
 * Saving a contact (docs/behaviour.md, "Contacts"), enforced by the server too: the shape (a
 * name, a phone typed with its leading '+') is the contract's, checked here by it rather than
 * again by hand, and the phone is kept under its canonical key ('+33 06 12 34 56 02' is
 * '33612345602', the same person as the account of that number).
 */
export const parseNewContact = (raw: unknown): { name: string; phone: string } => {
  const parsed = newContactSchema.safeParse(raw)
  if (!parsed.success)
    throw new DomainError(
      'validation_failed',
      parsed.error.issues[0]?.message ?? messages.contact.formatIncorrect,
    )
  return { name: parsed.data.name, phone: typedPhoneKey(parsed.data.phone) }
}
