import type { authRoutes } from '@palabre/contracts'
import { messages } from '@palabre/contracts'
import { sessionKeyOf, typedPhoneKey } from '@palabre/domain'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { HttpError, unauthenticated } from '../../http/http-error.js'

import { retryLater, waitText } from '../../http/retry-later.js'
import { changePasswordHandler } from './change-password.js'
import { clearSessionCookie, startSession } from './session-reply.js'

export const lockedMessage = (wait: string) =>
  `Too many wrong passwords for this number. Please try again in ${wait}, or reset your password.`

/**
 * Sign-in, sign-out, the current profile and the password change: the password is checked here,
 * never on the client.
 */
export const authHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof authRoutes> => {
  return {
    login: async ({ body, req, res }) => {
      // The number as the sign-up keyed it (docs/behaviour.md, "Phone numbers").
      const phone = typedPhoneKey(body.phone)
      const result = await ctx.domain.users.signIn(phone, body.password, req.ip ?? 'unknown')
      switch (result.kind) {
        case 'not_found':
          throw new HttpError('not_found', messages.signIn.notFound)
        case 'wrong_password':
          throw new HttpError('wrong_password', messages.signIn.wrongPassword)
        case 'locked':
          throw retryLater(
            res,
            lockedMessage(waitText(result.retryAfterSeconds)),
            result.retryAfterSeconds,
          )
        case 'deactivated':
          throw new HttpError('deactivated', messages.organisation.deactivated)
        case 'ok': {
          const [role] = await Promise.all([
            ctx.domain.organisation.members.roleOf(result.user.phone),
            startSession(ctx, res, result.user.phone),
          ])
          return { status: 200, body: { ...result.user, role: role ?? 'member' } }
        }
      }
    },
    logout: async ({ caller, res }) => {
      await ctx.domain.sessions.revoke(caller.token)
      ctx.notices.sessionsEnded({ sessionKey: sessionKeyOf(caller.token) }, 'logout')
      clearSessionCookie(ctx, res)
      return { status: 204, body: undefined }
    },
    getMe: async ({ caller }) => {
      const [user, role] = await Promise.all([
        ctx.domain.users.findByPhone(caller.phone),
        ctx.domain.organisation.members.roleOf(caller.phone),
      ])
      // A session can outlive its account (removed by an operator): treat it as signed out.
      if (!user || !role) throw unauthenticated()
      return { status: 200, body: { ...user, role } }
    },
    changePassword: changePasswordHandler(ctx),
  }
}
