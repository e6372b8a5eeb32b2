import { z } from 'zod'
import { countSchema, idSchema, isoDateSchema } from '../entities/common.js'
import { postDataSchema } from '../entities/post.js'
import { errorBodySchema } from '../errors.js'
import { canonicalPhoneSchema } from '../phone.js'
import { defineRoute } from '../route.js'
import { noBody, noParams, noQuery } from './common.js'

/**
 * Announcements people confirm (docs/announcements.md): an administrator's post to every active
 * member or to folders' members, pinned on each recipient's wall until they confirm it, with a
 * live table of who did.
 */

/** The most people one announcement may reach (MAX_ANNOUNCEMENT_RECIPIENTS by default). */
export const defaultMaxAnnouncementRecipients = 100_000

/** The most files one announcement carries. */
export const maxAnnouncementFiles = 20

/**
 * The body of an announcement at every bound (10,000 characters, 20 file names, 100 folder
 * ids): about 80 KB at 3 bytes a character, 165 KB if every character came as a `\uXXXX`
 * escape.
 */
export const maxAnnouncementBodyBytes = 256 * 1024

export const newAnnouncementSchema = z
  .object({
    text: z
      .string({ error: 'An announcement needs a text.' })
      .trim()
      .min(1, 'An announcement needs a text.')
      .max(10_000, 'An announcement is at most 10,000 characters.'),
    /** Stored names of files (uploads, a quiz) the administrator can read, attached in order. */
    fileNames: z
      .array(z.string().min(1).max(200))
      .max(maxAnnouncementFiles, `At most ${maxAnnouncementFiles} files.`)
      .optional(),
    /** To these folders' members only; absent or empty: to every active member. */
    folderIds: z.array(idSchema).max(100, 'At most 100 folders.').optional(),
  })
  .meta({ id: 'NewAnnouncement' })

export type NewAnnouncement = z.input<typeof newAnnouncementSchema>

const idPostParams = z.object({ idPostEmet: idSchema })

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema }

export const postAdminAnnouncement = defineRoute({
  method: 'post',
  path: '/api/admin/announcements',
  summary:
    'Announce: a post of type announcement to every active member (or the folders named), pinned on their walls until they confirm it. Audited. 409 when it would reach nobody (no other active member, or none in the folders).',
  tag: 'admin',
  auth: true,
  admin: true,
  params: noParams,
  query: noQuery,
  body: newAnnouncementSchema,
  bodyLimit: maxAnnouncementBodyBytes,
  responses: {
    201: z.object({ idPostEmet: idSchema, recipients: countSchema }).meta({ id: 'Announced' }),
    ...errors,
    404: errorBodySchema,
    409: errorBodySchema,
  },
})

export const confirmationSchema = z.object({
  phone: canonicalPhoneSchema,
  name: z.string(),
  at: isoDateSchema,
})

export const announcementReportSchema = z
  .object({
    total: countSchema,
    confirmed: z.array(confirmationSchema),
    pending: z.array(z.object({ phone: canonicalPhoneSchema, name: z.string() })),
  })
  .meta({ id: 'AnnouncementReport' })

export type AnnouncementReport = z.infer<typeof announcementReportSchema>

export const getAdminAnnouncement = defineRoute({
  method: 'get',
  path: '/api/admin/announcements/:idPostEmet',
  summary: 'Who confirmed an announcement, when, and who has not yet.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: idPostParams,
  query: noQuery,
  body: noBody,
  responses: { 200: announcementReportSchema, ...errors, 404: errorBodySchema },
})

export const getAdminAnnouncementCsv = defineRoute({
  method: 'get',
  path: '/api/admin/announcements/:idPostEmet/confirmations.csv',
  summary: 'The same table as a CSV file: name, phone, status, confirmed at.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: idPostParams,
  query: noQuery,
  body: noBody,
  responseKind: 'binary',
  binaryTypes: ['text/csv'],
  responses: { 200: z.unknown(), ...errors, 404: errorBodySchema },
})

export const getAdminAnnouncementXlsx = defineRoute({
  method: 'get',
  path: '/api/admin/announcements/:idPostEmet/confirmations.xlsx',
  summary:
    'The same table as a spreadsheet (.xlsx), every cell a text: name, phone, status, confirmed at.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: idPostParams,
  query: noQuery,
  body: noBody,
  responseKind: 'binary',
  binaryTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  responses: { 200: z.unknown(), ...errors, 404: errorBodySchema },
})

export const postAdminAnnouncementRemind = defineRoute({
  method: 'post',
  path: '/api/admin/announcements/:idPostEmet/remind',
  summary:
    'Remind those who have not confirmed: a notification, and the announcement back at the top of their walls. Audited.',
  tag: 'admin',
  auth: true,
  admin: true,
  params: idPostParams,
  query: noQuery,
  body: noBody,
  responses: {
    200: z.object({ reminded: countSchema }).meta({ id: 'Reminded' }),
    ...errors,
    404: errorBodySchema,
  },
})

export const postAnnouncementConfirm = defineRoute({
  method: 'post',
  path: '/api/announcements/:idPostEmet/confirm',
  summary:
    "'I have read it': confirms an announcement addressed to you (idempotent: the first time stays).",
  tag: 'announcements',
  auth: true,
  params: idPostParams,
  query: noQuery,
  body: noBody,
  responses: {
    200: z.object({ confirmedAt: isoDateSchema }).meta({ id: 'Confirmed' }),
    ...errors,
    404: errorBodySchema,
  },
})

export const getPinnedAnnouncements = defineRoute({
  method: 'get',
  path: '/api/announcements/pinned',
  summary: 'The announcements you have not confirmed yet, newest first: pinned on your wall.',
  tag: 'announcements',
  auth: true,
  params: noParams,
  query: noQuery,
  body: noBody,
  responses: { 200: z.array(postDataSchema), 401: errorBodySchema },
})

export const announcementRoutes = {
  postAdminAnnouncement,
  getAdminAnnouncement,
  getAdminAnnouncementCsv,
  getAdminAnnouncementXlsx,
  postAdminAnnouncementRemind,
  postAnnouncementConfirm,
  getPinnedAnnouncements,
} as const
