import { contactsRoutes } from '@palabre/contracts'
import { parseNewContact } from '@palabre/domain'
import type { Router } from 'express'
import type { ApiContext } from '../../context.js'
import { HttpError } from '../../http/http-error.js'
import { assertSelf, mountRoute } from '../../http/route.js'
import { domainCall } from '../posts/domain-call.js'

/** The repertoire calls of spec point 7, each for the signed-in user's own repertoire only. */
export const mountContacts = (router: Router, ctx: ApiContext): void => {
  const { contacts, users } = ctx.domain

  mountRoute(router, ctx, contactsRoutes.saveContact, async ({ body, caller, req }) => {
    const owner = caller
    if (body.phoneOwnerRepertory !== undefined) assertSelf(owner, body.phoneOwnerRepertory)
    // Spec point 5 on the raw body too: the phone as typed must begin with '+'.
    const contact = await domainCall(() => parseNewContact(req.body as Record<string, unknown>))
    return { status: 200, body: await contacts.save(owner.phone, contact) }
  })

  mountRoute(router, ctx, contactsRoutes.syncRepertoire, async ({ params, caller }) => {
    assertSelf(caller, params.phone)
    return { status: 200, body: await contacts.list(params.phone) }
  })

  mountRoute(router, ctx, contactsRoutes.getRepertoireWithStatus, async ({ params, caller }) => {
    assertSelf(caller, params.userPhone)
    const user = await users.findByPhone(params.userPhone)
    if (!user) throw new HttpError('not_found', 'This user does not exist.')
    const repertoire = (await contacts.list(params.userPhone)).map(({ name, phone, status }) => ({
      name,
      phone,
      status: status ?? '0',
    }))
    return { status: 200, body: [{ ...user, repertoire }] }
  })

  mountRoute(router, ctx, contactsRoutes.getContactsPage, async ({ params, caller }) => {
    assertSelf(caller, params.userPhone)
    return { status: 200, body: await contacts.page(params.userPhone, params.n) }
  })

  mountRoute(router, ctx, contactsRoutes.searchContacts, async ({ params, caller }) => {
    assertSelf(caller, params.userPhone)
    return { status: 200, body: await contacts.search(params.userPhone, params.word, params.n) }
  })
}
