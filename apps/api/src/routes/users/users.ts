import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { myProfileHandlers } from './my-profile.js'
import { photoHandlers } from './photos.js'
import { profileHandlers } from './profile.js'
import { resetPasswordHandlers } from './reset-password.js'
import { signUpHandlers } from './sign-up.js'

export const usersHandlers = (
  ctx: ApiContext,
): AreaHandlers<
  | 'signUp'
  | 'getUser'
  | 'getUserWithRepertoire'
  | 'updatePassword'
  | 'getMyProfile'
  | 'patchMyProfile'
  | 'getPhoto'
> => ({
  ...signUpHandlers(ctx),
  ...profileHandlers(ctx),
  ...myProfileHandlers(ctx),
  ...photoHandlers(ctx),
  ...resetPasswordHandlers(ctx),
})
