import { messages, photoNamePattern } from '@palabre/contracts'
import type { ApiContext } from '../../context.js'
import { photoKey, photoMime } from '../../files/photos.js'
import { FileNotStored } from '../../files/file-store.js'
import { sendStored } from '../../files/send-stored.js'
import { notFound } from '../../http/http-error.js'
import type { AreaHandlers } from '../../http/route-table.js'

/**
 * A photo's name changes with every photo, so its bytes never change: the browser keeps it for a
 * year without asking again, for its viewer only (docs/security.md, "Access that ends").
 */
export const photoCacheControl = 'private, max-age=31536000, immutable'

/**
 * Who may read a person's photo (docs/organisation.md, "Photos"): the person, whoever may see
 * them in the directory, and whoever shares a conversation with them (a deactivated person's
 * photo stays in past conversations).
 */
export const mayReadPhoto = async (
  ctx: ApiContext,
  viewer: string,
  owner: string,
): Promise<boolean> => {
  if (viewer === owner) return true
  const { visibility } = ctx.domain
  return (
    (await visibility.maySee(viewer, owner)) || (await visibility.sharesConversation(viewer, owner))
  )
}

/** `GET /api/photos/:fileName` (docs/organisation.md, "Photos"). */
export const photoHandlers = (ctx: ApiContext): AreaHandlers<'getPhoto'> => ({
  getPhoto: async ({ caller, params, query, req, res }) => {
    const name = params.fileName
    const owner = photoNamePattern.test(name) ? await ctx.domain.profiles.ownerOfPhoto(name) : null
    // A photo the caller may not read does not exist for them, as an unknown name.
    if (owner === null || !(await mayReadPhoto(ctx, caller.phone, owner)))
      throw notFound(messages.profile.noSuchPhoto)
    try {
      await sendStored(req, res, ctx.store, photoKey(name, query.size), {
        'Content-Type': photoMime,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cache-Control': photoCacheControl,
      })
    } catch (error) {
      if (error instanceof FileNotStored) throw notFound(messages.profile.noSuchPhoto)
      throw error
    }
  },
})
