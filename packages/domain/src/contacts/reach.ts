import { DomainError } from '../posts/domain-error.js'
import type { DeactivatedPeople } from '../users/deactivated.js'
import type { ContactService } from './contacts.js'

/** How many people a post may reach and a folder may hold, unless configured (MAX_RECIPIENTS). */
export const DEFAULT_MAX_RECIPIENTS = 500

/**
 * Whom a user may reach (docs/security.md, "Recipients"): the people they name must be their
 * contacts (members of a folder they post to are reached through it), and a post's recipients,
 * like a folder's members, are at most `maxRecipients`.
 */
export interface ReachRules {
  maxRecipients: number
  contacts: Pick<ContactService, 'notContactsOf'>
  /** Deactivated people are reached by nothing new (docs/organisation.md, "Deactivation"). */
  deactivated: Pick<DeactivatedPeople, 'all'>
}

/** Refuses with `forbidden` and `message` unless every phone is one of the owner's contacts. */
export const requireContacts = async (
  rules: ReachRules,
  owner: string,
  phones: readonly string[],
  message: string,
): Promise<void> => {
  if ((await rules.contacts.notContactsOf(owner, phones)).length > 0)
    throw new DomainError('forbidden', message)
}
