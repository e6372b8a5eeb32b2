import { z } from 'zod'
import { messages } from '../messages.js'
import { canonicalPhoneSchema } from '../phone.js'
import { nameSchema, nonBlank } from './common.js'

/**
 * A person's profile (docs/organisation.md, "Profiles"): their name (the user's `nomPrenom`), a
 * title, a team and a site, the kind of member they are and the language of their screens.
 */

/** `employee` (everyone, unless set otherwise) or `partner` (docs/organisation.md, "Profiles"). */
export const memberKindSchema = z.enum(['employee', 'partner'], {
  error: messages.profile.kindInvalid,
})

export type MemberKind = z.infer<typeof memberKindSchema>

/** The languages of the screens (docs/languages.md). */
export const profileLanguageSchema = z.enum(['en', 'fr'], {
  error: messages.profile.languageInvalid,
})

export type ProfileLanguage = z.infer<typeof profileLanguageSchema>

/** The most characters of a title, a team or a site. */
export const maxProfileFieldLength = 100

/** A title, team or site: trimmed, at most 100 characters; '' unsets it. */
export const profileText = (label: string, tooLong: string) =>
  z
    .string({ error: `${label} is text.` })
    .trim()
    .max(maxProfileFieldLength, tooLong)

/** A profile's name: the sign-up's rule, and never empty. */
const profileName = nameSchema.regex(nonBlank, messages.profile.nameEmpty)

/** A key the call does not take is refused by name, never dropped silently. */
const unknownKeys = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' && issue.keys
    ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`
    : undefined

/** What everyone who knows the person sees of them, and what `profileChanged` carries. */
export const publicProfileSchema = z
  .object({
    phone: canonicalPhoneSchema,
    name: z.string(),
    title: z.string(),
    team: z.string(),
    site: z.string(),
    kind: memberKindSchema,
    /**
     * The file name of their photo, absent without one; read it at `photoPath(photo, size)`
     * (docs/organisation.md, "Photos"). A new photo has a new name, so caches never go stale.
     */
    photo: z.string().optional(),
  })
  .meta({ id: 'PublicProfile' })

export type PublicProfile = z.infer<typeof publicProfileSchema>

/** The signed-in person's own profile (`GET /api/me/profile`). */
export const myProfileSchema = publicProfileSchema
  .extend({
    /** The phone as people read it (docs/phones.md, "Showing a phone"). */
    phoneDisplay: z.string(),
    /** Absent until the person chooses one. */
    language: profileLanguageSchema.optional(),
  })
  .meta({ id: 'MyProfile' })

export type MyProfile = z.infer<typeof myProfileSchema>

/** `PATCH /api/me/profile`: what a person changes of their own profile. */
export const updateMyProfileSchema = z
  .strictObject(
    {
      name: profileName.optional(),
      title: profileText('A title', messages.profile.titleTooLong).optional(),
      language: profileLanguageSchema.optional(),
      /**
       * The file name `POST /api/upload/image` answered this person: it becomes their photo
       * (docs/organisation.md, "Photos"); null removes the photo.
       */
      photoFileName: z
        .string({ error: 'photoFileName is a file name or null.' })
        .nullable()
        .optional(),
    },
    { error: unknownKeys },
  )
  .meta({ id: 'UpdateMyProfile' })

export type UpdateMyProfile = z.input<typeof updateMyProfileSchema>

/** `PATCH /api/admin/members/{phone}`: what an administrator changes of a member's profile. */
export const updateMemberSchema = z
  .strictObject(
    {
      name: profileName.optional(),
      title: profileText('A title', messages.profile.titleTooLong).optional(),
      team: profileText('A team', messages.profile.teamTooLong).optional(),
      site: profileText('A site', messages.profile.siteTooLong).optional(),
      kind: memberKindSchema.optional(),
    },
    { error: unknownKeys },
  )
  .meta({ id: 'UpdateMember' })

export type UpdateMember = z.input<typeof updateMemberSchema>

/** The sizes a person's photo is served in: a list's thumbnail, or the card's. */
export const photoSizes = ['small', 'large'] as const

export type PhotoSize = (typeof photoSizes)[number]

/** The side in pixels of each size of a photo, square (docs/organisation.md, "Photos"). */
export const photoPixels: Record<PhotoSize, number> = { small: 96, large: 512 }

/** The file names of photos: `photo_<id>.webp`, a new id for every photo. */
export const photoNamePattern = /^photo_[A-Za-z0-9]{16}\.webp$/

/** Where a person's photo is read (docs/organisation.md, "Photos"). */
export const photoPath = (photo: string, size: PhotoSize): string =>
  `/api/photos/${encodeURIComponent(photo)}?size=${size}`
