import type { PublicProfile } from '@palabre/contracts'
import { presentMyProfile, presentPublicProfile } from '@palabre/domain'
import type { ApiContext } from '../../context.js'
import { HttpError } from '../../http/http-error.js'
import type { AreaHandlers } from '../../http/route-table.js'

/**
 * Tells the people who know a person that their profile changed, once it is stored
 * (docs/realtime.md, "Profiles"). A notice that cannot be sent leaves the change stored.
 */
export const tellProfileChanged = async (ctx: ApiContext, profile: PublicProfile) => {
  const audience = await ctx.domain.profiles.audience(profile.phone)
  ctx.notices.tell(audience, 'profileChanged', profile)
}

/** The signed-in person's own profile (docs/organisation.md, "Profiles"). */
export const myProfileHandlers = (
  ctx: ApiContext,
): AreaHandlers<'getMyProfile' | 'patchMyProfile'> => ({
  getMyProfile: async ({ caller }) => {
    const profile = await ctx.domain.profiles.get(caller.phone)
    if (!profile) throw new HttpError('not_found', 'This user does not exist.')
    return { status: 200, body: profile }
  },
  patchMyProfile: async ({ caller, body }) => {
    const { after, changes } = await ctx.domain.profiles.update(caller.phone, body)
    if (Object.keys(changes).length > 0) await tellProfileChanged(ctx, presentPublicProfile(after))
    return { status: 200, body: presentMyProfile(after) }
  },
})
