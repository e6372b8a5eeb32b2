import { DomainError } from '../posts/domain-error.js'
import type { PeopleVisibility } from '../people/visibility.js'
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
  /** A partner reaches only people they may see (docs/organisation.md, "The directory"). */
  visibility: Pick<PeopleVisibility, 'hiddenFrom'>
}

/**
 * Refuses with `forbidden` and `message` unless every phone is one of the owner's contacts, and
 * with `hiddenMessage` when the owner is a partner and some phone is of someone they may not see.
 * Both are read at once; for anyone but a partner the second is one point read of their kind.
 */
export const requireContacts = async (
  rules: ReachRules,
  owner: string,
  phones: readonly string[],
  message: string,
  hiddenMessage: string,
): Promise<void> => {
  if (phones.length === 0) return
  const [strangers, hidden] = await Promise.all([
    rules.contacts.notContactsOf(owner, phones),
    rules.visibility.hiddenFrom(owner, phones),
  ])
  if (strangers.length > 0) throw new DomainError('forbidden', message)
  if (hidden.length > 0) throw new DomainError('forbidden', hiddenMessage)
}
