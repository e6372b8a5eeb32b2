import type { DirectoryPage } from '@palabre/contracts'
import { directoryPageSize, searchWords } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { presentPublicProfile } from '../users/profiles.js'
import { userModel } from '../users/user-model.js'
import type { UserDoc } from '../users/user-model.js'
import type { PeopleVisibility } from './visibility.js'

/** The fields the directory's words are made of. */
type Searched = Pick<UserDoc, 'nomPrenom' | 'title' | 'team' | 'site'>

/** The stored words of a person's name, title, team and site (docs/organisation.md, "The directory"). */
export const directoryWordsOf = (user: Searched): string[] =>
  searchWords([user.nomPrenom, user.title ?? '', user.team ?? '', user.site ?? ''].join(' '))

/**
 * Each word typed must begin a stored word: a range of the multikey index on `directoryWords`
 * per word, never an unanchored pattern (docs/benchmarks.md, "Query plans"). `$elemMatch` holds
 * both bounds to one word: on an array, a bare range would let one word pass `$gte` and another
 * `$lt`.
 */
const wordsFilter = (q: string | undefined) => {
  const words = searchWords(q ?? '')
  return words.length === 0
    ? {}
    : {
        $and: words.map((word) => ({
          directoryWords: { $elemMatch: { $gte: word, $lt: `${word}\uffff` } },
        })),
      }
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
   * The active people `viewer` may see, themselves left out, by name then phone, a page of
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
      // A partner's people are known first, then searched among (a few hundred at most).
      const among = (await visibility.isPartner(viewer))
        ? { phone: { $in: [...(await visibility.seenByPartner(viewer))] } }
        : { phone: { $ne: viewer } }
      const filter = { ...among, deactivatedAt: { $exists: false }, ...wordsFilter(q) }
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

/** People given their words per write of the repair below. */
const WORDS_BATCH = 500

/**
 * Gives every account stored before the directory its `directoryWords`, as the api starts, in
 * batches (as `addContactSearchKeys` does for contacts): only accounts without them are read, so
 * a start with nothing to do costs one empty read, and an interrupted one is completed by the
 * next. Answers how many accounts it gave words.
 */
export const addDirectoryWords = async (connection: Connection): Promise<number> => {
  const User = userModel(connection)
  let done = 0
  for (;;) {
    const missing = await User.find({ directoryWords: { $exists: false } })
      .select({ phone: 1, nomPrenom: 1, title: 1, team: 1, site: 1, _id: 0 })
      .limit(WORDS_BATCH)
      .lean()
    if (missing.length === 0) return done
    await User.bulkWrite(
      missing.map((user) => ({
        updateOne: {
          // Changed meanwhile: that write gave its own words, which stay.
          filter: { phone: user.phone, directoryWords: { $exists: false } },
          update: { $set: { directoryWords: directoryWordsOf(user) } },
        },
      })),
      { ordered: false },
    )
    done += missing.length
  }
}
