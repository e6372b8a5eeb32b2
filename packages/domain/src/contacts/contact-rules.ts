import { messages, stripPhone } from '@palabre/contracts'
import { DomainError } from '../posts/domain-error.js'
import { typedPhoneKey } from '../phones/typed-phone.js'

/**
 * Saving a contact (docs/behaviour.md, "Contacts"), enforced by the server too (the contracts
 * check the shape): a name, and a phone typed with its leading '+', kept under its canonical key
 * ('+33 06 12 34 56 02' is '33612345602', the same person as the account of that number).
 */
export const parseNewContact = (raw: {
  name?: unknown
  phone?: unknown
}): { name: string; phone: string } => {
  const name = typeof raw.name === 'string' ? raw.name.trim() : ''
  if (name === '') throw new DomainError('validation_failed', messages.contact.nameRequired)
  const typed = typeof raw.phone === 'string' ? raw.phone.trim() : ''
  if (stripPhone(typed) === '')
    throw new DomainError('validation_failed', messages.contact.phoneRequired)
  if (!typed.startsWith('+'))
    throw new DomainError('validation_failed', messages.contact.formatIncorrect)
  return { name, phone: typedPhoneKey(typed) }
}
