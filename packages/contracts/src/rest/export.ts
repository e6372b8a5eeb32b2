import { z } from 'zod'
import { errorBodySchema } from '../errors.js'
import { defineRoute } from '../route.js'
import { noBody, noParams } from './common.js'

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

/** The languages an export's pages are written in: the screen's that asked for it. */
export const exportLanguages = ['en', 'fr'] as const
export type ExportLanguage = (typeof exportLanguages)[number]

export const exportLanguageMessage = "The export's language (lang) is en or fr."

/**
 * An export's query (docs/export.md, "index.html"): `lang`, the language of its pages, English
 * when absent. Anything else is refused (400), before anything is read.
 */
export const exportQuerySchema = z.strictObject({
  lang: z.enum(exportLanguages, { error: exportLanguageMessage }).default('en'),
})

/** The address of an export whose pages are in `lang`. */
export const exportHref = (path: string, lang: ExportLanguage): string => `${path}?lang=${lang}`

export const getExport = defineRoute({
  method: 'get',
  path: '/api/export',
  summary:
    'Everything you take part in, as a zip streamed while it is made: messages.json, index.html and a page per conversation (readable offline, in the language lang), files/ and manifest.json (counts, and each file with its size and sha256). Reading it marks nothing delivered or seen.',
  tag: 'export',
  auth: true,
  params: noParams,
  query: exportQuerySchema,
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
    "The whole organisation as a zip streamed while it is made, for administrators: one JSON lines file per collection, index.html and a page per conversation (in the language lang), every file under files/ and manifest.json. Never a password hash, code, session or proof. Audited ('export').",
  tag: 'admin',
  auth: true,
  admin: true,
  params: noParams,
  query: exportQuerySchema,
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
