import type { contactsRoutes } from '@palabre/contracts'
import { parseNewContact } from '@palabre/domain'
import type { ApiContext } from '../../context.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { HttpError } from '../../http/http-error.js'
import { assertSelf } from '../../http/route.js'

export const contactNotFoundMessage = 'This contact is not in your repertoire.'

/** The repertoire calls, each for the signed-in user's own repertoire only (docs/behaviour.md, "Contacts"). */
export const contactsHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof contactsRoutes> => {
  const { contacts, users } = ctx.domain
  return {
    saveContact: async ({ body, caller }) => {
      const owner = caller
      if (body.phoneOwnerRepertory !== undefined) assertSelf(owner, body.phoneOwnerRepertory)
      const contact = parseNewContact(body)
      return { status: 200, body: await contacts.save(owner.phone, contact) }
    },
    renameContact: async ({ params, body, caller }) => {
      if (body.phoneOwnerRepertory !== undefined) assertSelf(caller, body.phoneOwnerRepertory)
      const contact = await contacts.rename(caller.phone, params.phone, body.name)
      if (!contact) throw new HttpError('not_found', contactNotFoundMessage)
      return { status: 200, body: contact }
    },
    deleteContact: async ({ params, query, caller }) => {
      if (query.phoneOwnerRepertory !== undefined) assertSelf(caller, query.phoneOwnerRepertory)
      // The posts exchanged with the contact stay (docs/behaviour.md, "Contacts").
      if (!(await contacts.remove(caller.phone, params.phone)))
        throw new HttpError('not_found', contactNotFoundMessage)
      return { status: 204, body: undefined }
    },
    // The paths below name the caller's own phone (their contracts' `self`, checked by mountRoute).
    syncRepertoire: async ({ caller }) => ({
      status: 200,
      body: await contacts.list(caller.phone),
    }),
    getRepertoireWithStatus: async ({ caller }) => {
      const user = await users.findByPhone(caller.phone)
      if (!user) throw new HttpError('not_found', 'This user does not exist.')
      const repertoire = (await contacts.list(caller.phone)).map(({ name, phone, status }) => ({
        name,
        phone,
        status: status ?? '0',
      }))
      return { status: 200, body: [{ ...user, repertoire }] }
    },
    getContactsPage: async ({ params, caller }) => ({
      status: 200,
      body: await contacts.page(caller.phone, params.n),
    }),
    // Case and accents aside: 'zoe' finds 'Zoé' (docs/behaviour.md, "Search").
    searchContacts: async ({ params, caller }) => ({
      status: 200,
      body: await contacts.search(caller.phone, params.word, params.n),
    }),
  }
}
