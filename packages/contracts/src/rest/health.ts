import { z } from 'zod'
import { defineRoute } from '../route.js'
import { noBody, noParams, noQuery } from './common.js'

export const healthSchema = z
  .object({ status: z.enum(['ok', 'unavailable']), db: z.enum(['up', 'down']) })
  .meta({ id: 'Health' })

export const getHealth = defineRoute({
  method: 'get',
  path: '/api/health',
  summary: 'Readiness: the process answers and its database is reachable.',
  tag: 'health',
  auth: false,
  params: noParams,
  query: noQuery,
  body: noBody,
  responses: { 200: healthSchema, 503: healthSchema },
})
