import { z } from 'zod'
import { errorBodySchema } from '../errors.js'
import { defineRoute } from '../route.js'
import { noBody, noParams, noQuery } from './common.js'

/**
 * Exports (docs/export.md): a zip streamed while it is made, for a signed-in person (everything
 * they take part in) and for administrators (the whole organisation).
 */

/** The type of both answers. */
export const exportContentType = 'application/zip'

/** The name of a person's export: `palabre-export-<phone>-<YYYY-MM-DD>.zip`. */
export const exportFileName = (phone: string, at: Date): string =>
  `palabre-export-${phone}-${at.toISOString().slice(0, 10)}.zip`

/** The name of the organisation's export: `palabre-export-organisation-<YYYY-MM-DD>.zip`. */
export const organisationExportFileName = (at: Date): string =>
  `palabre-export-organisation-${at.toISOString().slice(0, 10)}.zip`

export const getExport = defineRoute({
  method: 'get',
  path: '/api/export',
  summary:
    'Everything you take part in, as a zip streamed while it is made: messages.json, index.html (readable offline), files/ and manifest.json (counts, and each file with its size and sha256). Reading it marks nothing delivered or seen.',
  tag: 'export',
  auth: true,
  params: noParams,
  query: noQuery,
  body: noBody,
  responseKind: 'binary',
  binaryTypes: [exportContentType],
  responses: {
    200: z.unknown(),
    400: errorBodySchema,
    401: errorBodySchema,
  },
})

export const getAdminExport = defineRoute({
  method: 'get',
  path: '/api/admin/export',
  summary:
    "The whole organisation as a zip streamed while it is made, for administrators: one JSON lines file per collection, every file under files/ and manifest.json. Never a password hash, code, session or proof. Audited ('export').",
  tag: 'admin',
  auth: true,
  admin: true,
  params: noParams,
  query: noQuery,
  body: noBody,
  responseKind: 'binary',
  binaryTypes: [exportContentType],
  responses: {
    200: z.unknown(),
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
  },
})

export const exportRoutes = { getExport, getAdminExport } as const
