import { z } from 'zod'
import { indexParamSchema, searchWordSchema } from '../entities/common.js'
import { contactSchema, newContactSchema, renameContactSchema } from '../entities/contact.js'
import { userProfileSchema } from '../entities/user.js'
import { errorBodySchema } from '../errors.js'
import { canonicalPhoneSchema } from '../phone.js'
import { defineRoute } from '../route.js'
import { noBody, noContent, noParams, noQuery, phoneParams } from './common.js'

/** The original answer of a contact save: nModified must be 1. */
export const saveContactAnswerSchema = z
  .object({ nModified: z.number().int().nonnegative() })
  .meta({ id: 'SaveContactAnswer' })

// 403: a phone in the path that is not the signed-in user's own.
const listErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema }

export const saveContact = defineRoute({
  method: 'post',
  path: '/api/contact',
  summary:
    "Add a contact to the signed-in user's repertoire. nModified is 1 when saved (0 when it was already there).",
  tag: 'contacts',
  auth: true,
  params: noParams,
  query: noQuery,
  body: newContactSchema,
  responses: { 200: saveContactAnswerSchema, ...listErrors },
})

// 403: an owner named that is not the signed-in user; 404: no such contact in their repertoire.
const oneContactErrors = { ...listErrors, 404: errorBodySchema }

export const renameContact = defineRoute({
  method: 'patch',
  path: '/api/contact/:phone',
  summary:
    "Rename a contact of the signed-in user's repertoire; answers the contact. 404 when it is not one of theirs.",
  tag: 'contacts',
  auth: true,
  params: phoneParams('phone'),
  query: noQuery,
  body: renameContactSchema,
  responses: { 200: contactSchema, ...oneContactErrors },
})

export const deleteContact = defineRoute({
  method: 'delete',
  path: '/api/contact/:phone',
  summary:
    "Remove a contact from the signed-in user's repertoire; the posts already exchanged stay. 404 when it is not one of theirs.",
  tag: 'contacts',
  auth: true,
  params: phoneParams('phone'),
  query: z.strictObject({ phoneOwnerRepertory: canonicalPhoneSchema.optional() }),
  body: noBody,
  responses: { 204: noContent, ...oneContactErrors },
})

export const syncRepertoire = defineRoute({
  method: 'get',
  path: '/api/userRepertoire/:phone',
  summary: "Refresh the registered marks of the user's contacts; answers the repertoire.",
  tag: 'contacts',
  auth: true,
  self: 'phone',
  params: phoneParams('phone'),
  query: noQuery,
  body: noBody,
  responses: { 200: z.array(contactSchema), ...listErrors },
})

export const userWithRegisteredRepertoireSchema = userProfileSchema
  .extend({
    repertoire: z.array(
      z.object({ name: z.string(), phone: canonicalPhoneSchema, status: z.enum(['0', '1']) }),
    ),
  })
  .meta({ id: 'UserWithRegisteredRepertoire' })

export const getRepertoireWithStatus = defineRoute({
  method: 'get',
  path: '/api/userWithRepInscris/:userPhone',
  summary: 'The user as a one-item array whose repertoire entries carry status (1 registered).',
  tag: 'contacts',
  auth: true,
  self: 'userPhone',
  params: phoneParams('userPhone'),
  query: noQuery,
  body: noBody,
  responses: {
    200: z.array(userWithRegisteredRepertoireSchema),
    ...listErrors,
    404: errorBodySchema,
  },
})

export const getContactsPage = defineRoute({
  method: 'get',
  path: '/api/userArrayRepertoire/:userPhone/:n',
  summary: 'Up to 20 contacts from offset n, registered first, then by name.',
  tag: 'contacts',
  auth: true,
  self: 'userPhone',
  params: phoneParams('userPhone').extend({ n: indexParamSchema }),
  query: noQuery,
  body: noBody,
  responses: { 200: z.array(contactSchema), ...listErrors },
})

export const searchContacts = defineRoute({
  method: 'get',
  path: '/api/searchRepertoire/:userPhone/:word/:n',
  summary: 'Contacts whose name contains the word (case-insensitive), up to 20 from offset n.',
  tag: 'contacts',
  auth: true,
  self: 'userPhone',
  params: phoneParams('userPhone').extend({ word: searchWordSchema, n: indexParamSchema }),
  query: noQuery,
  body: noBody,
  responses: { 200: z.array(contactSchema), ...listErrors },
})

export const contactsRoutes = {
  saveContact,
  renameContact,
  deleteContact,
  syncRepertoire,
  getRepertoireWithStatus,
  getContactsPage,
  searchContacts,
} as const
