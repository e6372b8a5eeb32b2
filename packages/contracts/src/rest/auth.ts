import { z } from 'zod'
import { meSchema, passwordSchema } from '../entities/user.js'
import { errorBodySchema } from '../errors.js'
import { messages } from '../messages.js'
import { canonicalPhoneSchema, numberPlan } from '../phone.js'
import { defineRoute } from '../route.js'
import { messageSchema, noBody, noContent, noParams, noQuery } from './common.js'
import { exportLanguages } from './export.js'

/** Sign-in is verified on the server, not compared on the client (docs/security.md, "Passwords"). */
export const loginSchema = z
  .object({
    phone: z
      .string({ error: messages.signIn.phoneRequired })
      .trim()
      .min(1, messages.signIn.phoneRequired)
      .pipe(canonicalPhoneSchema)
      // Read as a full number by the number plans (docs/phones.md, "Where it applies").
      .meta(numberPlan('digits')),
    password: z
      .string({ error: messages.signIn.passwordRequired })
      .min(1, messages.signIn.passwordRequired),
  })
  .meta({ id: 'Login' })

export type Login = z.infer<typeof loginSchema>

export const login = defineRoute({
  method: 'post',
  path: '/api/auth/login',
  summary:
    'Sign in: sets the session cookie and answers the profile. 401 wrong password, 404 unknown number.',
  tag: 'auth',
  auth: false,
  params: noParams,
  query: noQuery,
  body: loginSchema,
  responses: {
    // With the role, as GET /api/auth/me answers it: the web needs no second call.
    200: meSchema,
    400: errorBodySchema,
    401: errorBodySchema,
    /** `deactivated`: the right password of an account an administrator deactivated. */
    403: errorBodySchema,
    404: errorBodySchema,
    429: errorBodySchema,
  },
})

export const logout = defineRoute({
  method: 'post',
  path: '/api/auth/logout',
  summary: 'Sign out: ends the session and clears its cookie.',
  tag: 'auth',
  auth: true,
  params: noParams,
  query: noQuery,
  body: noBody,
  responses: { 204: noContent, 401: errorBodySchema },
})

export const getMe = defineRoute({
  method: 'get',
  path: '/api/auth/me',
  summary: "The signed-in profile, with the person's role ('member' or 'admin').",
  tag: 'auth',
  auth: true,
  params: noParams,
  query: noQuery,
  body: noBody,
  responses: { 200: meSchema, 401: errorBodySchema },
})

/**
 * A password change while signed in (docs/security.md, "Passwords"): the new password follows
 * the sign-up's rule; `lang` is the language of the screen that asks, for the notice e-mail.
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: messages.passwordChange.currentRequired })
      .min(1, messages.passwordChange.currentRequired),
    newPassword: passwordSchema,
    lang: z.enum(exportLanguages, { error: messages.passwordChange.langInvalid }).optional(),
  })
  .meta({ id: 'PasswordChange' })

export type PasswordChange = z.infer<typeof passwordChangeSchema>

export const changePassword = defineRoute({
  method: 'post',
  path: '/api/auth/password',
  summary:
    "Change the password: needs the current one (403 with an issue on currentPassword when wrong, 429 past the sign-in limits; 409 with an issue on newPassword when it is the current one); ends the person's other sessions and e-mails a notice.",
  tag: 'auth',
  auth: true,
  params: noParams,
  query: noQuery,
  body: passwordChangeSchema,
  responses: {
    200: messageSchema,
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    409: errorBodySchema,
    429: errorBodySchema,
  },
})

export const authRoutes = { login, logout, getMe, changePassword } as const
