import { inlineRecipients, recipientDisplayName, type Recipient } from '@palabre/contracts'
import type { PostView } from '../model/types'

/**
 * One person the card names: the display name, whether it is the viewer ('You'), and whether an
 * administrator deactivated them (docs/wall.md, "Deactivated people").
 */
export interface RecipientPerson {
  phone: string
  name: string
  isViewer: boolean
  deactivated?: true
}

/**
 * What the post card shows after the arrow (docs/wall.md, "Post card"): the folders by name,
 * then the people named directly: none, one, or the first two and how many more ('+ N').
 */
export type RecipientSummary = {
  groups: { idGroup: string; name: string }[]
  people:
    | { kind: 'none' }
    | { kind: 'single'; person: RecipientPerson }
    | { kind: 'several'; shown: RecipientPerson[]; rest: number; total: number }
}

export const toPerson = (recipient: Recipient, viewerPhone: string): RecipientPerson => ({
  phone: recipient.phone,
  name: recipientDisplayName(recipient),
  isViewer: recipient.phone === viewerPhone,
  ...(recipient.deactivated === true ? { deactivated: true as const } : {}),
})

/**
 * The people the card names. A post to a folder lists every member among its recipients, each
 * with the folders that reached them (idGroupe); the folder's name stands for them, so only the
 * people named directly (no idGroupe) are shown beside it.
 */
const directRecipients = (post: PostView): Recipient[] =>
  post.data.groups.length === 0
    ? post.data.recipients
    : post.data.recipients.filter((r) => (r.idGroupe ?? []).length === 0)

export const recipientSummary = (post: PostView, viewerPhone: string): RecipientSummary => {
  const groups = post.data.groups.map(({ idGroup, name }) => ({ idGroup, name }))
  const people = directRecipients(post).map((r) => toPerson(r, viewerPhone))
  const [first] = people
  if (first === undefined) return { groups, people: { kind: 'none' } }
  if (people.length === 1) return { groups, people: { kind: 'single', person: first } }
  return {
    groups,
    people: {
      kind: 'several',
      shown: people.slice(0, inlineRecipients),
      rest: people.length - inlineRecipients,
      total: people.length,
    },
  }
}
