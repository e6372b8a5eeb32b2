import type { DirectoryPage } from '@palabre/contracts'
import { directoryPageSize, searchWords } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { presentPublicProfile } from '../users/profiles.js'
import { userModel } from '../users/user-model.js'
import type { UserDoc } from '../users/user-model.js'
import type { PeopleVisibility } from './visibility.js'

/** The fields the directory's keys are made of. */
type Searched = Pick<UserDoc, 'nomPrenom' | 'title' | 'team' | 'site'>

/** The longest beginning of a word stored as a key; a longer typed word is matched by it. */
export const DIRECTORY_KEY_LENGTH = 32

/**
 * The keys an active person is found by (docs/organisation.md, "The directory"): '' (so the
 * whole directory is one key too) and every beginning of every folded word of their name,
 * title, team and site, up to `DIRECTORY_KEY_LENGTH` characters. A search is then equality on
 * a multikey index, which every engine serves from the index alone: a range per word was not
 * (docs/benchmarks.md, "Query plans").
 */
export const directoryKeysOf = (user: Searched): string[] => {
  const words = searchWords(
    [user.nomPrenom, user.title ?? '', user.team ?? '', user.site ?? ''].join(' '),
  )
  const keys = new Set([''])
  for (const word of words) {
    const letters = Array.from(word).slice(0, DIRECTORY_KEY_LENGTH)
    for (let end = 1; end <= letters.length; end++) keys.add(letters.slice(0, end).join(''))
  }
  return [...keys]
}

/** The keys a search needs, one per typed word ('' for the whole directory). */
const searchedKeys = (q: string | undefined): string[] => {
  const words = searchWords(q ?? '').map((word) =>
    Array.from(word).slice(0, DIRECTORY_KEY_LENGTH).join(''),
  )
  return words.length === 0 ? [''] : words
}

/**
 * Writes the person's keys from `fields`, only while the account is active and still has those
 * fields: a change or a deactivation written meanwhile wins, and writes (or removes) its own.
 */
export const writeDirectoryKeys = async (
  connection: Connection,
  fields: Searched & Pick<UserDoc, 'phone'>,
): Promise<void> => {
  const still = Object.fromEntries(
    (['nomPrenom', 'title', 'team', 'site'] as const).map((field) => [
      field,
      fields[field] ?? { $exists: false },
    ]),
  )
  await userModel(connection).updateOne(
    { phone: fields.phone, deactivatedAt: { $exists: false }, ...still },
    { $set: { directoryKeys: directoryKeysOf(fields) } },
  )
}

const listed = {
  phone: 1,
  nomPrenom: 1,
  title: 1,
  team: 1,
  site: 1,
  kind: 1,
  photo: 1,
  _id: 0,
} as const

export interface Directory {
  /**
   * The active people `viewer` may see, themselves among them, by name then phone, a page of
   * `directoryPageSize` from offset `n`; `q`'s words each begin a word of their name, title,
   * team or site, accents and case aside.
   */
  page(viewer: string, query: { q?: string | undefined; n: number }): Promise<DirectoryPage>
}

export const createDirectory = (
  connection: Connection,
  visibility: PeopleVisibility,
): Directory => {
  const User = userModel(connection)
  return {
    async page(viewer, { q, n }) {
      // A partner's people are known first, then searched among (a few hundred at most). Only
      // active people have keys, so the keys alone keep the deactivated out: a second
      // condition beside them made the engine intersect a scan of another index.
      const among = (await visibility.isPartner(viewer))
        ? { phone: { $in: [viewer, ...(await visibility.seenByPartner(viewer))] } }
        : {}
      const filter = { ...among, directoryKeys: { $all: searchedKeys(q) } }
      const [total, users] = await Promise.all([
        User.countDocuments(filter),
        User.find(filter)
          .select(listed)
          .sort({ nomPrenom: 1, phone: 1 })
          .skip(n)
          .limit(directoryPageSize)
          .lean(),
      ])
      return {
        total,
        items: users.map((user) => ({
          ...presentPublicProfile(user),
          ...(user.photo ? { photo: user.photo } : {}),
        })),
      }
    },
  }
}

/** People given their keys per write of the repair below. */
const KEYS_BATCH = 500

/**
 * Gives every active account stored before the directory its `directoryKeys`, as the api
 * starts, in batches (as `addContactSearchKeys` does for contacts): only active accounts without
 * them are read, so a start with nothing to do costs one empty read, and an interrupted one is
 * completed by the next. Answers how many accounts it gave keys.
 */
export const addDirectoryKeys = async (connection: Connection): Promise<number> => {
  const User = userModel(connection)
  let done = 0
  for (;;) {
    const missing = await User.find({
      directoryKeys: { $exists: false },
      deactivatedAt: { $exists: false },
    })
      .select({ phone: 1, nomPrenom: 1, title: 1, team: 1, site: 1, _id: 0 })
      .limit(KEYS_BATCH)
      .lean()
    if (missing.length === 0) return done
    await User.bulkWrite(
      missing.map((user) => ({
        updateOne: {
          // Changed or deactivated meanwhile: that write decided the keys.
          filter: {
            phone: user.phone,
            directoryKeys: { $exists: false },
            deactivatedAt: { $exists: false },
          },
          update: { $set: { directoryKeys: directoryKeysOf(user) } },
        },
      })),
      { ordered: false },
    )
    done += missing.length
  }
}
