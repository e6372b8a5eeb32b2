import { contactsPerPage, searchKey } from '@palabre/contracts'
import { deactivatedMark } from '../users/deactivated.js'
import type { Contact } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import type { PeopleVisibility } from '../people/visibility.js'
import { userModel } from '../users/user-model.js'
import { contactId, contactModel } from './contact-model.js'
import type { ContactDoc } from './contact-model.js'
import { literalPattern, searchWord } from './literal-pattern.js'

export interface ContactService {
  /** Saves (or renames) a contact; nModified is 1 when something changed, 0 when already so. */
  save(owner: string, contact: { name: string; phone: string }): Promise<{ nModified: number }>
  /**
   * Renames one of the owner's contacts (docs/behaviour.md, "Contacts"); null when the owner has
   * no contact of that phone, and nothing is written then.
   */
  rename(owner: string, phone: string, name: string): Promise<Contact | null>
  /**
   * Removes one of the owner's contacts; false when there was none. The posts already exchanged
   * with it stay: they live in the inbox entries, not in the repertoire.
   */
  remove(owner: string, phone: string): Promise<boolean>
  /** The whole repertoire, registered contacts first, then by name. */
  list(owner: string): Promise<Contact[]>
  /** Up to 20 contacts from an offset, in the same order. */
  page(owner: string, offset: number, limit?: number): Promise<Contact[]>
  /**
   * Contacts whose name contains the word, case and accents aside ('zoe' finds 'Zoé'), from an
   * offset (docs/behaviour.md, "Search").
   */
  search(owner: string, word: string, offset: number, limit?: number): Promise<Contact[]>
  /**
   * The phones of a list that are not the owner's contacts (each once, in the list's order),
   * read by key in one query (docs/security.md, "Recipients").
   */
  notContactsOf(owner: string, phones: readonly string[]): Promise<string[]>
}

const byRegisteredThenName = (a: Contact, b: Contact): number =>
  Number(b.status === '1') - Number(a.status === '1') ||
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
  a.phone.localeCompare(b.phone)

/** Everyone sees every member, as without partners: for a contact service used alone. */
const noPartners: Pick<PeopleVisibility, 'seenByPartner'> = {
  seenByPartner: () => Promise.resolve(new Set()),
}

export const createContactService = (
  connection: Connection,
  clock: () => Date,
  visibility: Pick<PeopleVisibility, 'seenByPartner'> = noPartners,
): ContactService => {
  const ContactModel = contactModel(connection)
  const User = userModel(connection)

  /**
   * The registered mark, the one place it is computed (docs/organisation.md, "The directory"):
   * one indexed `$in` on users for the owner and their contacts, then a sort in memory (a
   * repertoire is small). For a partner, a contact is registered only when the partner may see
   * them; the owner's kind comes in the same read, so nobody else pays for it.
   */
  const withStatus = async (
    owner: string,
    contacts: Pick<ContactDoc, 'name' | 'phone'>[],
  ): Promise<Contact[]> => {
    const phones = contacts.map((c) => c.phone)
    const users =
      phones.length === 0
        ? []
        : await User.find({ phone: { $in: [owner, ...phones] } })
            .select({ phone: 1, deactivatedAt: 1, kind: 1, _id: 0 })
            .lean()
    const partner = users.some((u) => u.phone === owner && u.kind === 'partner')
    const seen = partner ? await visibility.seenByPartner(owner) : undefined
    const registered = new Set(
      users.map((u) => u.phone).filter((phone) => seen === undefined || seen.has(phone)),
    )
    // Marked for the lists (docs/organisation.md, "Deactivation"); a partner sees no one
    // deactivated, so no mark either.
    const deactivated = new Set(
      users.filter((u) => u.deactivatedAt && registered.has(u.phone)).map((u) => u.phone),
    )
    return contacts
      .map((c) => ({
        name: c.name,
        phone: c.phone,
        status: registered.has(c.phone) ? ('1' as const) : ('0' as const),
        phoneOwnerRepertory: owner,
        ...deactivatedMark(deactivated, c.phone),
      }))
      .sort(byRegisteredThenName)
  }

  /**
   * A search reads the folded key; a contact written before keys existed (until the api's
   * start gives it one) is read by its name as before, case aside.
   */
  const matching = (word: string) => ({
    $or: [
      { nameKey: literalPattern(searchKey(word)) },
      { nameKey: { $exists: false }, name: literalPattern(word) },
    ],
  })

  const read = (owner: string, word?: string) =>
    ContactModel.find(word ? { owner, ...matching(word) } : { owner })
      .select({ name: 1, phone: 1, _id: 0 })
      .lean()

  return {
    async save(owner, { name, phone }) {
      const _id = contactId(owner, phone)
      const named = { name, nameKey: searchKey(name) }
      const existing = await ContactModel.findOne({ _id }).lean()
      if (existing?.name === name) return { nModified: 0 }
      if (existing) {
        await ContactModel.updateOne({ _id }, { $set: named })
        return { nModified: 1 }
      }
      try {
        await ContactModel.create({ _id, owner, phone, ...named, createdAt: clock() })
      } catch (error) {
        // Saved twice at once: the key lets one in; the other becomes a rename.
        if ((error as { code?: unknown }).code !== 11000) throw error
        await ContactModel.updateOne({ _id }, { $set: named })
      }
      return { nModified: 1 }
    },

    async rename(owner, phone, name) {
      const _id = contactId(owner, phone)
      const { matchedCount } = await ContactModel.updateOne(
        { _id },
        { $set: { name, nameKey: searchKey(name) } },
      )
      if (matchedCount === 0) return null
      const [contact] = await withStatus(owner, [{ name, phone }])
      return contact ?? null
    },

    async remove(owner, phone) {
      const { deletedCount } = await ContactModel.deleteOne({ _id: contactId(owner, phone) })
      return deletedCount > 0
    },

    async list(owner) {
      return withStatus(owner, await read(owner))
    },

    async page(owner, offset, limit = contactsPerPage) {
      return (await withStatus(owner, await read(owner))).slice(offset, offset + limit)
    },

    async search(owner, word, offset, limit = contactsPerPage) {
      const literal = searchWord(word)
      return (await withStatus(owner, await read(owner, literal))).slice(offset, offset + limit)
    },

    async notContactsOf(owner, phones) {
      const asked = [...new Set(phones)]
      if (asked.length === 0) return []
      const known = await ContactModel.find({ _id: { $in: asked.map((p) => contactId(owner, p)) } })
        .select({ phone: 1, _id: 0 })
        .lean()
      const contacts = new Set(known.map((c) => c.phone))
      return asked.filter((phone) => !contacts.has(phone))
    },
  }
}

/** Contacts keyed per write of the migration below. */
const KEY_BATCH = 500

/**
 * Gives every contact stored before search keys existed its `nameKey` (docs/behaviour.md,
 * "Search"), as the api starts. It writes only contacts without one, so a database with
 * nothing to do costs one read of an empty result, and a start interrupted half-way is
 * completed by the next. Returns how many contacts it keyed.
 */
export const addContactSearchKeys = async (connection: Connection): Promise<number> => {
  const Contact = contactModel(connection)
  const missing = await Contact.find({ nameKey: { $exists: false } })
    .select({ _id: 1, name: 1 })
    .lean()
  for (let start = 0; start < missing.length; start += KEY_BATCH) {
    await Contact.bulkWrite(
      missing.slice(start, start + KEY_BATCH).map(({ _id, name }) => ({
        updateOne: {
          // Renamed meanwhile: the rename wrote its own key, which stays.
          filter: { _id, nameKey: { $exists: false } },
          update: { $set: { nameKey: searchKey(name) } },
        },
      })),
      { ordered: false },
    )
  }
  return missing.length
}
