import type { Connection } from 'mongoose'
import { contactModel } from '../contacts/contact-model.js'
import { groupModel } from '../groups/group-model.js'
import { userModel } from '../users/user-model.js'
import { repairedPhoneKey } from './phone-repair.js'
import {
  rekeyContacts,
  rekeyGroups,
  rekeyInboxEntries,
  rekeying,
  rekeyPosts,
  rekeyReceipts,
  rekeyTheRest,
  rekeyUsers,
} from './rekey-collections.js'

export interface PhoneRekeyReport {
  /** Each wrong key found and the key it became. */
  rekeyed: [from: string, to: string][]
  /** Wrong keys whose right key had an account of its own: those accounts are left as they were. */
  accountsLeft: string[]
}

/**
 * Where a wrong key can be found: every phone in the other collections entered as an account,
 * a contact or a folder member, so these three small collections name them all and the large
 * ones (posts, inbox entries, receipts) are only read when there is something to fix.
 */
const storedPhones = async (connection: Connection): Promise<string[]> => {
  const [users, owners, contacts, members] = await Promise.all([
    userModel(connection).distinct('phone'),
    contactModel(connection).distinct('owner'),
    contactModel(connection).distinct('phone'),
    groupModel(connection).distinct('members'),
  ])
  return [...new Set<string>([...users, ...owners, ...contacts, ...members])]
}

/**
 * Re-keys the phones earlier rules stored wrong (docs/phones.md, "Re-keying at start"). Run by
 * the api at every start: on a database with nothing to fix it reads three distinct lists and
 * writes nothing; a start interrupted half-way is completed by the next one.
 */
export const rekeyStoredPhones = async (connection: Connection): Promise<PhoneRekeyReport> => {
  const keys = new Map<string, string>()
  for (const phone of await storedPhones(connection)) {
    const repaired = repairedPhoneKey(phone)
    if (repaired !== undefined) keys.set(phone, repaired)
  }
  if (keys.size === 0) return { rekeyed: [], accountsLeft: [] }
  const plan = await rekeying(connection, keys)
  // The collections the wrong keys are found in go last: a start that stops half-way leaves
  // them holding the keys, and the next start finds and finishes the rest.
  await rekeyPosts(connection, plan)
  await rekeyInboxEntries(connection, plan)
  await rekeyReceipts(connection, plan)
  await rekeyTheRest(connection, plan)
  await rekeyGroups(connection, plan)
  await rekeyContacts(connection, plan)
  await rekeyUsers(connection, plan)
  return { rekeyed: [...keys], accountsLeft: [...plan.staleAccounts] }
}
