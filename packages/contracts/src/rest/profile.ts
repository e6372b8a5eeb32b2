import { z } from 'zod'
import { myProfileSchema, photoSizes, updateMyProfileSchema } from '../entities/profile.js'
import { errorBodySchema } from '../errors.js'
import { defineRoute } from '../route.js'
import { noBody, noParams, noQuery } from './common.js'

/** The signed-in person's own profile (docs/organisation.md, "Profiles"). */

export const getMyProfile = defineRoute({
  method: 'get',
  path: '/api/me/profile',
  summary:
    "The signed-in person's profile: name, title, team, site, kind ('employee' or 'partner') and language.",
  tag: 'users',
  auth: true,
  params: noParams,
  query: noQuery,
  body: noBody,
  responses: { 200: myProfileSchema, 401: errorBodySchema },
})

export const patchMyProfile = defineRoute({
  method: 'patch',
  path: '/api/me/profile',
  summary:
    'Change your own name, title, language or photo; answers the profile as stored. The people who know you are told live (`profileChanged`). `photoFileName` names an image you uploaded (404: no such upload; 403: not yours; 415: not an image), null removes the photo.',
  tag: 'users',
  auth: true,
  params: noParams,
  query: noQuery,
  body: updateMyProfileSchema,
  responses: {
    200: myProfileSchema,
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    415: errorBodySchema,
  },
})

export const getPhoto = defineRoute({
  method: 'get',
  path: '/api/photos/:fileName',
  summary:
    "A person's photo, square, as webp: `small` 96 px, `large` 512 px. For the person, and those who may see them in the directory or share a conversation with them; 404 to anyone else, as for an unknown name.",
  tag: 'users',
  auth: true,
  params: z.object({ fileName: z.string().min(1).max(255) }),
  query: z.strictObject({
    size: z.enum(photoSizes, { error: "The size is 'small' or 'large'." }).default('large'),
  }),
  body: noBody,
  responseKind: 'binary',
  binaryTypes: ['image/webp'],
  responses: { 200: z.unknown(), 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
})

export const profileRoutes = { getMyProfile, patchMyProfile, getPhoto } as const
