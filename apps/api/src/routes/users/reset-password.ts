import { messages } from '@palabre/contracts'
import { typedPhoneKey } from '@palabre/domain'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { HttpError } from '../../http/http-error.js'

import { findVerified, proofSpentMessage, spendVerified } from '../otp/verified-cookie.js'

export const resetNotVerifiedMessage =
  'Please verify your phone number with the code we sent first.'
export const passwordUpdatedMessage = 'Password updated.'

/**
 * POST /api/updatePass: a new password for a phone this browser just proved by OTP. The proof
 * is used up first (a replayed copy is refused), then every session of that phone ends.
 */
export const resetPasswordHandlers = (ctx: ApiContext): AreaHandlers<'updatePassword'> => {
  return {
    updatePassword: async ({ body, req, res }) => {
      const { password } = body.nameValuePairs
      // The key the OTP step proved and the sign-up stored (docs/behaviour.md, "Phone numbers").
      const phone = typedPhoneKey(body.nameValuePairs.phone)
      const proof = findVerified(ctx, req, 'phone', phone)
      if (!proof) throw new HttpError('forbidden', resetNotVerifiedMessage)
      if (!(await spendVerified(ctx, req, res, [proof])))
        throw new HttpError('forbidden', proofSpentMessage)
      const outcome = await ctx.domain.users.resetPassword(phone, password)
      if (outcome === 'not_found') throw new HttpError('not_found', messages.reset.notFound)
      if (outcome === 'deactivated')
        throw new HttpError('deactivated', messages.organisation.deactivated)
      ctx.notices.sessionsEnded({ phone }, 'password_reset')
      return { status: 200, body: { message: passwordUpdatedMessage } }
    },
  }
}
