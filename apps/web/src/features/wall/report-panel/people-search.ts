import { recipientDisplayName } from '@palabre/contracts'
import { matchesSearch } from '../format/search-key'

/** Someone a report panel lists: their name (maybe empty) and their phone, digits only. */
export interface Listed {
  name: string
  phone: string
}

/**
 * Whether a person answers the panel's search (docs/wall.md, "Report panels"): their name as
 * shown ('+' and the phone when none), case and accents aside; or, for a word of digits and the
 * signs a phone is written with, their phone, in international form ('+33 6 12') or national
 * ('06 12', its leading zero dropped). An empty search keeps everyone.
 */
export const matchesPerson = (person: Listed, word: string): boolean => {
  const typed = word.trim()
  if (typed === '') return true
  if (matchesSearch(recipientDisplayName(person), typed)) return true
  const digits = typed.replace(/[\s+().-]/g, '')
  if (!/^\d+$/.test(digits)) return false
  const national = digits.replace(/^0+/, '')
  return person.phone.includes(digits) || (national !== '' && person.phone.includes(national))
}

/**
 * The people who have not done it yet (not confirmed, not watched) before those who have, each
 * group in the order it came: the panel opens on whom to chase.
 */
export const pendingFirst = <T>(rows: readonly T[], done: (row: T) => boolean): T[] => [
  ...rows.filter((row) => !done(row)),
  ...rows.filter(done),
]
