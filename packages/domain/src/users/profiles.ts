import type { MemberKind, MyProfile, ProfileLanguage, PublicProfile } from '@palabre/contracts'
import { displayPhoneKey, messages } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { contactModel } from '../contacts/contact-model.js'
import { groupModel } from '../groups/group-model.js'
import { directoryWordsOf } from '../people/directory.js'
import { DomainError } from '../posts/domain-error.js'
import { userModel } from './user-model.js'
import type { UserDoc } from './user-model.js'

/**
 * Profiles (docs/organisation.md, "Profiles"): a person's name (`nomPrenom`), title, team, site,
 * kind and language, and who hears live of a change (docs/realtime.md, "Profiles").
 */

/** The profile's fields as stored. */
export type ProfileFields = Pick<
  UserDoc,
  'phone' | 'nomPrenom' | 'title' | 'team' | 'site' | 'kind' | 'language'
>

export const profileFields = {
  phone: 1,
  nomPrenom: 1,
  title: 1,
  team: 1,
  site: 1,
  kind: 1,
  language: 1,
  _id: 0,
} as const

/** A change to a profile, the contracts' fields, already validated. */
export interface ProfilePatch {
  name?: string | undefined
  title?: string | undefined
  team?: string | undefined
  site?: string | undefined
  kind?: MemberKind | undefined
  language?: ProfileLanguage | undefined
}

/** A changed field of the public profile, as the audit records it: `{from, to}`. */
export type ProfileChanges = Record<string, { from: string; to: string }>

export const presentPublicProfile = (user: ProfileFields): PublicProfile => ({
  phone: user.phone,
  name: user.nomPrenom,
  title: user.title ?? '',
  team: user.team ?? '',
  site: user.site ?? '',
  kind: user.kind ?? 'employee',
})

export const presentMyProfile = (user: ProfileFields): MyProfile => ({
  ...presentPublicProfile(user),
  phoneDisplay: displayPhoneKey(user.phone),
  ...(user.language ? { language: user.language } : {}),
})

/** At most this many of a person's folders are read for the audience of a change. */
export const AUDIENCE_MAX_FOLDERS = 1000
/** At most this many people who have the person in their contacts. */
export const AUDIENCE_MAX_CONTACT_OWNERS = 5000
/** At most this many people hear of one change live. */
export const AUDIENCE_MAX_PEOPLE = 5000

export interface ProfileService {
  /** The person's own profile; null without an account. */
  get(phone: string): Promise<MyProfile | null>
  /**
   * Writes the fields the patch names ('' unsets a title, team or site) and answers the profile
   * before and after, with the public fields that changed; `not_found` without an account.
   */
  update(
    phone: string,
    patch: ProfilePatch,
  ): Promise<{ before: ProfileFields; after: ProfileFields; changes: ProfileChanges }>
  /**
   * Who hears of a change to this person's profile: the person (their other tabs), the people
   * who share a folder with them, and those who have them in their contacts; bounded reads.
   */
  audience(phone: string): Promise<string[]>
}

const textFields = ['title', 'team', 'site'] as const

/** Whether the name, title, team or site changed: the directory's words then follow. */
const searchedChanged = (before: ProfileFields, after: ProfileFields): boolean =>
  (['nomPrenom', ...textFields] as const).some((field) => before[field] !== after[field])

export const createProfileService = (connection: Connection): ProfileService => {
  const User = userModel(connection)

  /**
   * The directory's words of the profile as written (docs/organisation.md, "The directory"),
   * only while it is still so: a change written meanwhile writes its own words after.
   */
  const writeDirectoryWords = async (after: ProfileFields) => {
    const still = Object.fromEntries(
      (['nomPrenom', ...textFields] as const).map((field) => [
        field,
        after[field] ?? { $exists: false },
      ]),
    )
    await User.updateOne(
      { phone: after.phone, ...still },
      { $set: { directoryWords: directoryWordsOf(after) } },
    )
  }
  const Group = groupModel(connection)
  const Contact = contactModel(connection)

  return {
    async get(phone) {
      const user = await User.findOne({ phone }).select(profileFields).lean()
      return user ? presentMyProfile(user) : null
    },

    async update(phone, patch) {
      const $set: Partial<UserDoc> = {}
      const $unset: Record<string, 1> = {}
      if (patch.name !== undefined) $set.nomPrenom = patch.name
      for (const field of textFields) {
        const value = patch[field]
        if (value === undefined) continue
        if (value === '') $unset[field] = 1
        else $set[field] = value
      }
      if (patch.kind === 'partner') $set.kind = 'partner'
      if (patch.kind === 'employee') $unset['kind'] = 1
      if (patch.language !== undefined) $set.language = patch.language
      // One write to one document, answered as it was before (docs/data-model.md, "No
      // transactions").
      const update = {
        ...(Object.keys($set).length > 0 ? { $set } : {}),
        ...(Object.keys($unset).length > 0 ? { $unset } : {}),
      }
      const before =
        Object.keys(update).length > 0
          ? await User.findOneAndUpdate({ phone }, update, { projection: profileFields }).lean()
          : await User.findOne({ phone }).select(profileFields).lean()
      if (!before) throw new DomainError('not_found', messages.organisation.noSuchMember)
      const after: ProfileFields = { ...before }
      if ($set.nomPrenom !== undefined) after.nomPrenom = $set.nomPrenom
      for (const field of textFields) {
        if (field in $unset) delete after[field]
        else if ($set[field] !== undefined) after[field] = $set[field]
      }
      if ('kind' in $unset) delete after.kind
      else if ($set.kind) after.kind = $set.kind
      if ($set.language) after.language = $set.language
      if (searchedChanged(before, after)) await writeDirectoryWords(after)
      const was = presentPublicProfile(before)
      const now = presentPublicProfile(after)
      const changes: ProfileChanges = {}
      for (const key of ['name', 'title', 'team', 'site', 'kind'] as const)
        if (was[key] !== now[key]) changes[key] = { from: was[key], to: now[key] }
      return { before, after, changes }
    },

    async audience(phone) {
      const [folders, owners] = await Promise.all([
        Group.find({ members: phone })
          .select({ members: 1, _id: 0 })
          .limit(AUDIENCE_MAX_FOLDERS)
          .lean(),
        Contact.find({ phone })
          .select({ owner: 1, _id: 0 })
          .limit(AUDIENCE_MAX_CONTACT_OWNERS)
          .lean(),
      ])
      const people = new Set([phone])
      for (const owner of owners) people.add(owner.owner)
      for (const folder of folders)
        for (const member of folder.members) {
          if (people.size >= AUDIENCE_MAX_PEOPLE) break
          people.add(member)
        }
      return [...people].slice(0, AUDIENCE_MAX_PEOPLE)
    },
  }
}
