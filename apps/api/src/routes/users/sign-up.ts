import { dialCodeOfPhone, errorBody, messages } from '@palabre/contracts'
import { typedPhoneKey } from '@palabre/domain'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { HttpError } from '../../http/http-error.js'

import { startSession } from '../auth/session-reply.js'
import { otpMail } from '../otp/otp.js'
import { findVerified, proofSpentMessage, spendVerified } from '../otp/verified-cookie.js'

export const notVerifiedMessage = {
  phone: 'Please verify your phone number with the code we sent first.',
  mail: 'Please verify your e-mail address with the code we sent first.',
} as const

/**
 * POST /api/user: only for a phone and an e-mail this browser proved by OTP in the last 30
 * minutes. Opens a session, so the new user lands on the wall signed in.
 */
export const signUpHandlers = (ctx: ApiContext): AreaHandlers<'signUp'> => {
  return {
    signUp: async ({ body, req, res }) => {
      // The account's key is the canonical phone (docs/behaviour.md, "Phone numbers"), as the
      // OTP step proved it: a 0 that belongs to the number stays, a trunk 0 does not.
      const phone = typedPhoneKey(body.phone)
      const mail = otpMail(body.mail)
      const phoneProof = findVerified(ctx, req, 'phone', phone)
      if (!phoneProof) throw new HttpError('forbidden', notVerifiedMessage.phone)
      const mailProof = findVerified(ctx, req, 'mail', mail)
      if (!mailProof) throw new HttpError('forbidden', notVerifiedMessage.mail)

      const indicatif = body.indicatif ? body.indicatif.replace(/\D/g, '') : dialCodeOfPhone(phone)
      if (!indicatif || indicatif !== dialCodeOfPhone(phone))
        throw new HttpError(
          'bad_request',
          'The phone number does not start with its country dial code.',
        )

      // The closed space (docs/organisation.md, "The gate"), before the proofs are spent.
      if (!(await ctx.domain.organisation.gate.atSignUp(phone, mail)))
        throw new HttpError('not_invited', messages.organisation.notInvited)

      if (!(await spendVerified(ctx, req, res, [phoneProof, mailProof])))
        throw new HttpError('forbidden', proofSpentMessage)
      const outcome = await ctx.domain.users.register({
        nomPrenom: body.name,
        phone,
        indicatif,
        mail: body.mail.trim(),
        password: body.password,
      })
      if (outcome === 'exists')
        return {
          status: 409,
          body: {
            ...errorBody('conflict', messages.signUp.alreadyRegistered),
            message: messages.api.alreadySaved,
          },
        }

      // Its invitation, if any, has served (docs/organisation.md, "Invitations"); a partner's
      // gives the account its kind, and its title, team and site when it gave them
      // (docs/organisation.md, "Profiles").
      const invitation = await ctx.domain.organisation.invitations.spend(phone)
      if (invitation && Object.keys(invitation).length > 0)
        await ctx.domain.profiles.update(phone, invitation)
      await startSession(ctx, res, phone)
      ctx.legacyRegistration.notify(indicatif, phone.slice(indicatif.length))
      const user = await ctx.domain.users.findByPhone(phone)
      if (!user) throw new Error('the user just registered cannot be read back')
      return { status: 201, body: { message: messages.api.saved, user } }
    },
  }
}
