import { canonicalPhoneSchema, messages } from '@palabre/contracts'
import { DomainError } from '../posts/domain-error.js'

/**
 * Saving a contact (docs/behaviour.md, "Contacts"), enforced by the server too (the contracts check the shape):
 * a name, a phone typed with its leading '+', special characters stripped.
 */
export const parseNewContact = (raw: {
  name?: unknown
  phone?: unknown
}): { name: string; phone: string } => {
  const name = typeof raw.name === 'string' ? raw.name.trim() : ''
  if (name === '') throw new DomainError('validation_failed', messages.contact.nameRequired)
  const typed = typeof raw.phone === 'string' ? raw.phone.trim() : ''
  if (typed === '') throw new DomainError('validation_failed', messages.contact.phoneRequired)
  if (!typed.startsWith('+'))
    throw new DomainError('validation_failed', messages.contact.formatIncorrect)
  const phone = canonicalPhoneSchema.safeParse(typed)
  if (!phone.success) throw new DomainError('validation_failed', messages.contact.formatIncorrect)
  return { name, phone: phone.data }
}
