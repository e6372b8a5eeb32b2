import { z } from 'zod'
import { defineRoute } from '../route.js'

export const healthSchema = z
  .object({ status: z.enum(['ok', 'unavailable']), db: z.enum(['up', 'down']) })
  .meta({ id: 'Health' })

export const getHealth = defineRoute({
  method: 'get',
  path: '/api/health',
  summary: 'Readiness: the process answers and its database is reachable.',
  tag: 'health',
  auth: false,
  params: z.object({}),
  query: z.object({}),
  body: z.undefined(),
  responses: { 200: healthSchema, 503: healthSchema },
})
