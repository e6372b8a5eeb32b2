import type { InviteResult, adminRoutes } from '@palabre/contracts'
import { forEachLimited, invites } from '@palabre/domain'
import type { OriginPolicy } from '@palabre/domain'
import type { Request } from 'express'
import type { ApiContext } from '../../context.js'
import { HttpError } from '../../http/http-error.js'
import { apiOriginPolicy } from '../../http/same-origin.js'
import { createPhotoMaker } from '../../files/photos.js'
import { tellProfileChanged } from '../users/my-profile.js'
import type { AreaHandlers } from '../../http/route-table.js'

/** Invitation messages in flight at once, from one call. */
const SEND_CONCURRENCY = 4

export const noOriginMessage =
  "The sign-up link needs this server's public address: set PUBLIC_URL, or call from the web app."

/**
 * The sign-up link an invitee gets (docs/organisation.md, "Invitations"): the sign-up screen with
 * the phone filled in, at PUBLIC_URL or else at the origin the administrator uses.
 */
export const invitationLink = (origin: string, phone: string): string =>
  `${origin}/inscription?phone=${encodeURIComponent(phone)}`

const linkOrigin = (origins: OriginPolicy, req: Request): string => {
  const origin = origins.ownOrigin(req)
  if (origin === undefined) throw new HttpError('bad_request', noOriginMessage)
  return origin
}

/**
 * The administrators' calls (docs/organisation.md). Their contracts say `admin`: a member gets
 * 403 `forbidden` from mountRoute before the request's body is read or anything written.
 */
export const adminHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof adminRoutes> => {
  const { organisation } = ctx.domain
  const origins = apiOriginPolicy(ctx.config)
  const photos = createPhotoMaker(ctx.store, ctx.uploads.incoming)

  const sendInvitations = async (results: InviteResult[], origin: string) => {
    // A renewed invitation sends its message again (docs/organisation.md, "Invitations").
    const invited = results.filter(invites)
    await forEachLimited(invited, SEND_CONCURRENCY, async (result) => {
      const phone = result.phone
      if (phone === undefined) return
      try {
        await ctx.otpSenders.whatsapp.invite(phone, invitationLink(origin, phone))
        result.messageSent = true
      } catch (err) {
        // The invitation stands: inviting the phone again sends the message again.
        ctx.logger.error({ err }, 'an invitation could not be sent')
        result.messageSent = false
      }
    })
    return results
  }

  return {
    getAdminSettings: async () => ({ status: 200, body: await organisation.settings.get() }),
    putAdminSettings: async ({ caller, body }) => ({
      status: 200,
      body: await organisation.settings.save(caller.phone, body),
    }),
    postAdminInvitations: async ({ caller, body, req }) => {
      const origin = linkOrigin(origins, req)
      if ('csv' in body && body.csv !== undefined) {
        // Every valid line stored and audited first, then the messages, a few at a time
        // (docs/organisation.md, "Invitations").
        const { answer, results } = await organisation.invitations.importCsv(caller.phone, body)
        const sent = await sendInvitations(results, origin)
        const messagesSent = sent.filter((result) => result.messageSent === true).length
        return { status: 200, body: { ...answer, messagesSent } }
      }
      const results = await organisation.invitations.invite(caller.phone, body)
      return { status: 200, body: { results: await sendInvitations(results, origin) } }
    },
    getAdminInvitations: async ({ query }) => ({
      status: 200,
      body: await organisation.invitations.list(query),
    }),
    deleteAdminInvitation: async ({ caller, params }) => {
      await organisation.invitations.revoke(caller.phone, params.phone)
      return { status: 204, body: undefined }
    },
    getAdminMembers: async ({ query }) => ({
      status: 200,
      body: await organisation.members.list(query),
    }),
    postAdminMemberRole: async ({ caller, params, body }) => ({
      status: 200,
      body: await organisation.members.setRole(caller.phone, params.phone, body.role),
    }),
    postAdminMemberDeactivate: async ({ caller, params }) => {
      // Stored first (their sessions end with it), then every node closes their sockets and
      // finishes their events in flight before we answer (docs/organisation.md, "Deactivation").
      const member = await organisation.members.deactivate(caller.phone, params.phone)
      await ctx.notices.endPerson(params.phone, 'deactivated')
      return { status: 200, body: member }
    },
    postAdminMemberActivate: async ({ caller, params }) => ({
      status: 200,
      body: await organisation.members.activate(caller.phone, params.phone),
    }),
    patchAdminMember: async ({ caller, params, body }) => {
      // Stored and audited, then told (docs/organisation.md, "Profiles").
      const { member, profile, changed } = await organisation.members.update(
        caller.phone,
        params.phone,
        body,
      )
      if (changed) await tellProfileChanged(ctx, profile)
      return { status: 200, body: member }
    },
    deleteAdminMemberPhoto: async ({ caller, params }) => {
      // Stored and audited, the files removed, then told (docs/organisation.md, "Photos").
      const { removed, profile } = await organisation.members.resetPhoto(caller.phone, params.phone)
      if (removed) {
        await photos.remove(removed)
        await tellProfileChanged(ctx, profile)
      }
      return { status: 204, body: undefined }
    },
    getAdminAudit: async ({ query }) => ({
      status: 200,
      body: await organisation.audit.list(query),
    }),
  }
}
