import { myProfileSchema, updateMyProfileSchema } from '../entities/profile.js'
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
    'Change your own name, title or language; answers the profile as stored. The people who know you are told live (`profileChanged`).',
  tag: 'users',
  auth: true,
  params: noParams,
  query: noQuery,
  body: updateMyProfileSchema,
  responses: { 200: myProfileSchema, 400: errorBodySchema, 401: errorBodySchema },
})

export const profileRoutes = { getMyProfile, patchMyProfile } as const
