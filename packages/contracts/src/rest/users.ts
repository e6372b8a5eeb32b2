import { z } from 'zod'
import {
  passwordSchema,
  signUpSchema,
  userProfileSchema,
  userWithRepertoireSchema,
} from '../entities/user.js'
import { errorBodySchema } from '../errors.js'
import { messages } from '../messages.js'
import { canonicalPhoneSchema, numberPlan } from '../phone.js'
import { defineRoute } from '../route.js'
import { messageSchema, noBody, noParams, noQuery, phoneParams } from './common.js'

/** 201: 'Objet enregistré !' and the new profile; the session cookie is set. */
export const signUpAnswerSchema = z
  .object({ message: z.literal(messages.api.saved), user: userProfileSchema })
  .meta({ id: 'SignUpAnswer' })

/** 409 keeps the original `{message}` the original clients read, beside our error body. */
export const alreadyRegisteredSchema = errorBodySchema
  .extend({ message: z.literal(messages.api.alreadySaved) })
  .meta({ id: 'AlreadyRegistered' })

export const signUp = defineRoute({
  method: 'post',
  path: '/api/user',
  summary:
    'Sign up. Needs the phone and the e-mail verified by OTP (403 otherwise) and, in a closed space, an invitation, an admin phone or an allowed e-mail domain (403 `not_invited`); 409 when the number is taken.',
  tag: 'users',
  auth: false,
  params: noParams,
  query: noQuery,
  body: signUpSchema,
  responses: {
    201: signUpAnswerSchema,
    400: errorBodySchema,
    403: errorBodySchema,
    409: alreadyRegisteredSchema,
    429: errorBodySchema,
  },
})

export const getUser = defineRoute({
  method: 'get',
  path: '/api/user/:phone',
  summary: 'The profile of a phone, as a one-item array (no password). 404 when unknown.',
  tag: 'users',
  auth: true,
  self: 'phone',
  params: phoneParams('phone'),
  query: noQuery,
  body: noBody,
  responses: {
    200: z.array(userProfileSchema),
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
  },
})

export const getUserWithRepertoire = defineRoute({
  method: 'get',
  path: '/api/userWithRepertoire/:phone',
  summary: "The signed-in user's profile and repertoire, as a one-item array.",
  tag: 'users',
  auth: true,
  self: 'phone',
  params: phoneParams('phone'),
  query: noQuery,
  body: noBody,
  responses: {
    200: z.array(userWithRepertoireSchema),
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
  },
})

export const updatePasswordSchema = z
  .object({
    nameValuePairs: z.object({
      phone: canonicalPhoneSchema.meta(numberPlan('digits')),
      password: passwordSchema,
    }),
  })
  .meta({ id: 'UpdatePassword' })

export type UpdatePassword = z.infer<typeof updatePasswordSchema>

export const updatePassword = defineRoute({
  method: 'post',
  path: '/api/updatePass',
  summary:
    'Reset a password. Needs the phone verified by OTP just before (403 otherwise); 404 unknown number.',
  tag: 'users',
  auth: false,
  params: noParams,
  query: noQuery,
  body: updatePasswordSchema,
  responses: {
    200: messageSchema,
    400: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    500: errorBodySchema,
  },
})

export const usersRoutes = { signUp, getUser, getUserWithRepertoire, updatePassword } as const
