import type { PublicProfile } from '@palabre/contracts'
import { messages } from '@palabre/contracts'
import { presentMyProfile, presentPublicProfile } from '@palabre/domain'
import type { ApiContext } from '../../context.js'
import { createPhotoMaker } from '../../files/photos.js'
import { HttpError, forbidden, notFound } from '../../http/http-error.js'
import type { AreaHandlers } from '../../http/route-table.js'

/**
 * Tells the people who know a person that their profile changed, once it is stored
 * (docs/realtime.md, "Profiles"). A notice that cannot be sent leaves the change stored.
 */
export const tellProfileChanged = async (ctx: ApiContext, profile: PublicProfile) => {
  const audience = await ctx.domain.profiles.audience(profile.phone)
  ctx.notices.tell(audience, 'profileChanged', profile)
}

/** The signed-in person's own profile (docs/organisation.md, "Profiles" and "Photos"). */
export const myProfileHandlers = (
  ctx: ApiContext,
): AreaHandlers<'getMyProfile' | 'patchMyProfile'> => {
  const photos = createPhotoMaker(ctx.store, ctx.uploads.incoming)

  /**
   * A new photo from an image this person uploaded (docs/organisation.md, "Photos"): 404 for a
   * name no upload has, 403 for someone else's, 415 for an upload that is no image.
   */
  const photoFrom = async (phone: string, fileName: string): Promise<string> => {
    const file = await ctx.domain.files.find(fileName)
    if (!file) throw notFound(messages.profile.noSuchUpload)
    if (file.uploader !== phone) throw forbidden(messages.profile.notYourUpload)
    if (file.kind !== 'image')
      throw new HttpError('unsupported_media_type', messages.profile.notAnImage)
    // The upload itself, never its thumbnail, whichever name was given.
    return photos.make(file.name)
  }

  return {
    getMyProfile: async ({ caller }) => {
      const profile = await ctx.domain.profiles.get(caller.phone)
      if (!profile) throw new HttpError('not_found', 'This user does not exist.')
      return { status: 200, body: profile }
    },
    patchMyProfile: async ({ caller, body }) => {
      const { photoFileName, ...fields } = body
      // The new photo's files first, then the profile that names them, then the old photo's
      // files go: a reader never meets a name without its files.
      const photo =
        typeof photoFileName === 'string'
          ? await photoFrom(caller.phone, photoFileName)
          : photoFileName
      let update: Awaited<ReturnType<typeof ctx.domain.profiles.update>>
      try {
        update = await ctx.domain.profiles.update(caller.phone, { ...fields, photo })
      } catch (error) {
        if (photo) await photos.remove(photo)
        throw error
      }
      const { before, after, changes } = update
      if (before.photo && before.photo !== after.photo) await photos.remove(before.photo)
      if (Object.keys(changes).length > 0)
        await tellProfileChanged(ctx, presentPublicProfile(after))
      return { status: 200, body: presentMyProfile(after) }
    },
  }
}
