import type { authRoutes } from '@palabre/contracts'
import { messages } from '@palabre/contracts'
import { sessionKeyOf } from '@palabre/domain'
import type { ApiContext } from '../../context.js'
import { HttpError, unauthenticated } from '../../http/http-error.js'
import type { Handler } from '../../http/route.js'
import { retryLater, waitText } from '../../http/retry-later.js'
import { passwordChangedNotice } from '../../senders/password-notice.js'
import type { NoticeLanguage } from '../../senders/password-notice.js'
import { lockedMessage } from './auth.js'

/**
 * A refusal shown on one field of the form, as the schema's own refusals are. A body the schema
 * accepts is never a 400 (docs/security.md, "Passwords"): a wrong current password is refused
 * (403), a new one equal to it conflicts with what is stored (409).
 */
const fieldError = (
  code: 'forbidden' | 'conflict',
  field: 'currentPassword' | 'newPassword',
  message: string,
) => new HttpError(code, message, [{ path: `body.${field}`, message }])

/**
 * POST /api/auth/password (docs/security.md, "Passwords"): the current password is checked under
 * the sign-in limits, the new one stored, every other session of the person ended (their sockets
 * too) and the caller's kept; then the audit entry and the notice e-mail, whose failure is logged
 * and does not undo the change.
 */
export const changePasswordHandler =
  (ctx: ApiContext): Handler<typeof authRoutes.changePassword> =>
  async ({ body, caller, req, res }) => {
    const result = await ctx.domain.users.changePassword({
      phone: caller.phone,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
      address: req.ip ?? 'unknown',
      keepToken: caller.token,
    })
    switch (result.kind) {
      case 'not_found':
        throw unauthenticated()
      case 'deactivated':
        throw new HttpError('deactivated', messages.organisation.deactivated)
      case 'locked':
        throw retryLater(
          res,
          lockedMessage(waitText(result.retryAfterSeconds)),
          result.retryAfterSeconds,
        )
      case 'wrong_password':
        throw fieldError('forbidden', 'currentPassword', messages.passwordChange.currentWrong)
      case 'same_password':
        throw fieldError('conflict', 'newPassword', messages.passwordChange.samePassword)
      case 'ok':
        break
    }
    ctx.notices.sessionsEnded(
      { phone: caller.phone, keepSessionKey: sessionKeyOf(caller.token) },
      'password_change',
    )
    await ctx.domain.organisation.audit.append([
      { action: 'password_change', actor: caller.phone, target: caller.phone },
    ])
    // The screen's language when it says it, else the browser's (French or English).
    const lang: NoticeLanguage =
      body.lang ?? (req.acceptsLanguages('en', 'fr') === 'fr' ? 'fr' : 'en')
    const user = await ctx.domain.users.findByPhone(caller.phone)
    if (user?.mail) {
      try {
        await ctx.otpSenders.email.notice(user.mail, passwordChangedNotice(ctx.clock(), lang))
      } catch (err) {
        ctx.logger.error({ err }, 'password change notice not sent')
      }
    }
    return { status: 200, body: { message: messages.passwordChange.changed } }
  }
