import { recipientDisplayName } from '@palabre/contracts'
import type { GroupDoc } from '../groups/group-model.js'
import type { PostRecipient } from './post-model.js'

/**
 * The recipients of a post (docs/behaviour.md, "Posts"): the contacts named, then every member of the folders,
 * de-duplicated by phone, the sender never among them (a folder sender is not doubled).
 * `idGroupe` records the folders through which each one is a recipient. Deactivated people are
 * left out (docs/organisation.md, "Deactivation"): a folder goes on without them.
 */
export const resolveRecipients = (
  sender: string,
  direct: readonly { phone: string; name?: string | undefined }[],
  groups: readonly GroupDoc[],
  deactivated: ReadonlySet<string> = new Set(),
): PostRecipient[] => {
  const byPhone = new Map<string, PostRecipient>()
  for (const contact of direct) {
    if (contact.phone === sender || deactivated.has(contact.phone) || byPhone.has(contact.phone))
      continue
    byPhone.set(contact.phone, {
      phone: contact.phone,
      name: recipientDisplayName(contact),
      idGroupe: [],
    })
  }
  for (const group of groups) {
    for (const member of group.participants) {
      if (member.phone === sender || deactivated.has(member.phone)) continue
      const known = byPhone.get(member.phone)
      if (known) {
        if (!known.idGroupe.includes(group.idGroup)) known.idGroupe.push(group.idGroup)
      } else {
        byPhone.set(member.phone, {
          phone: member.phone,
          name: recipientDisplayName(member),
          idGroupe: [group.idGroup],
        })
      }
    }
  }
  return [...byPhone.values()]
}

/** The contact scope of an entry: direct recipients for the sender; the sender for a direct recipient. */
export const peersOf = (recipients: readonly PostRecipient[]): string[] =>
  recipients.filter((r) => r.idGroupe.length === 0).map((r) => r.phone)
