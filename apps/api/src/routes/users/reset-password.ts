import { messages, usersRoutes } from '@palabre/contracts'
import type { Router } from 'express'
import type { ApiContext } from '../../context.js'
import { HttpError } from '../../http/http-error.js'
import { mountRoute } from '../../http/route.js'
import { dropVerified, isVerified } from '../otp/verified-cookie.js'

export const resetNotVerifiedMessage =
  'Please verify your phone number with the code we sent first.'
export const passwordUpdatedMessage = 'Password updated.'

/**
 * POST /api/updatePass: a new password for a phone this browser just proved by OTP. Every
 * session of that phone ends, and the proof is used up.
 */
export const mountResetPassword = (router: Router, ctx: ApiContext): void => {
  mountRoute(router, ctx, usersRoutes.updatePassword, async ({ body, req, res }) => {
    const { phone, password } = body.nameValuePairs
    if (!isVerified(ctx, req, 'phone', phone))
      throw new HttpError('forbidden', resetNotVerifiedMessage)
    const outcome = await ctx.domain.users.resetPassword(phone, password)
    if (outcome === 'not_found') throw new HttpError('not_found', messages.reset.notFound)
    dropVerified(ctx, req, res, 'phone', phone)
    return { status: 200, body: { message: passwordUpdatedMessage } }
  })
}
