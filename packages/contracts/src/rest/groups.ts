import { z } from 'zod'
import { groupSchema } from '../entities/group.js'
import { errorBodySchema } from '../errors.js'
import { defineRoute } from '../route.js'
import { noBody, noQuery, phoneParams } from './common.js'

export const getGroups = defineRoute({
  method: 'get',
  path: '/api/groupe/:userPhone',
  summary: "The signed-in user's shared folders, last event first.",
  tag: 'groups',
  auth: true,
  self: 'userPhone',
  params: phoneParams('userPhone'),
  query: noQuery,
  body: noBody,
  responses: {
    200: z.array(groupSchema),
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
  },
})

export const groupsRoutes = { getGroups } as const
