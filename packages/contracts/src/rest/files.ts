import { z } from 'zod'
import { isoDateSchema } from '../entities/common.js'
import { errorBodySchema } from '../errors.js'
import { canonicalPhoneSchema } from '../phone.js'
import { defineRoute } from '../route.js'
import { increasingMark } from '../rule-marks.js'
import { fallbackContentType, servedContentTypes, type UploadKind } from '../uploads.js'
import { noBody, noParams, noQuery } from './common.js'

/** The multipart field of every upload. */
export const uploadField = 'fileToUpload'

/** The answer of the image, media and file uploads: the generated stored name. */
export const uploadAnswerSchema = z
  .object({ fileName: z.string().min(1) })
  .meta({ id: 'UploadAnswer' })

export type UploadAnswer = z.infer<typeof uploadAnswerSchema>

/** The audio upload answers the text `200#<stored name>`, as the original clients read it. */
export const audioUploadAnswerSchema = z.string().regex(/^200#.+$/, "Expected '200#<stored name>'.")

/** Reads the stored name out of an audio upload answer, or null when it is not `200#name`. */
export const parseAudioUploadAnswer = (text: string): string | null => {
  const parts = text.split('#')
  return parts.length === 2 && parts[0] === '200' && parts[1] !== '' ? (parts[1] ?? null) : null
}

const uploadErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
}

const upload = (path: string, kind: UploadKind, summary: string) =>
  defineRoute({
    method: 'post',
    path,
    summary,
    tag: 'files',
    auth: true,
    params: noParams,
    query: noQuery,
    body: noBody,
    upload: { field: uploadField, kind },
    responses: { 201: uploadAnswerSchema, ...uploadErrors },
  })

export const uploadImage = upload(
  '/api/upload/image',
  'image',
  'Upload an image: jpg, jpeg, png or gif.',
)
export const uploadMedia = upload(
  '/api/upload/media',
  'media',
  'Upload a video or audio file: mp4 or ogg. The duration is read from the file and stored.',
)
export const uploadFile = upload(
  '/api/upload/file',
  'file',
  'Upload a document: pdf, xls, xlsx, xlsm, doc, docx, ppt or pptx.',
)

export const uploadAudio = defineRoute({
  method: 'post',
  path: '/api/upload/audio',
  summary:
    "Upload a recording (a quiz's or a voice message): webm (Opus) or m4a (AAC, as Safari records). Its duration is read from the file and stored. Answers the text '200#<stored name>'.",
  tag: 'files',
  auth: true,
  params: noParams,
  query: noQuery,
  body: noBody,
  upload: { field: uploadField, kind: 'audio' },
  responseKind: 'text',
  responses: { 200: audioUploadAnswerSchema, ...uploadErrors },
})

export const getFile = defineRoute({
  method: 'get',
  path: '/api/files/:name',
  summary:
    'Download a stored file (percent-escaped name), if it belongs to one of your conversations. Supports Range.',
  tag: 'files',
  auth: true,
  params: z.object({
    name: z
      .string()
      .min(1)
      .max(255)
      .refine((name) => !/[/\\]/.test(name) && name !== '.' && name !== '..', {
        message: 'A stored file name, not a path.',
      }),
  }),
  query: noQuery,
  body: noBody,
  responseKind: 'binary',
  binaryTypes: [...new Set([...Object.values(servedContentTypes), fallbackContentType])],
  responses: {
    200: z.unknown(),
    206: z.unknown(),
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    416: errorBodySchema,
  },
})

/** Office documents a preview is made for (docs/files.md, "Previews"). */
export const previewExtensions = ['doc', 'docx', 'xls', 'xlsx', 'xlsm', 'ppt', 'pptx'] as const

export const getFilePreview = defineRoute({
  method: 'get',
  path: '/api/files/:name/preview',
  summary:
    'An office document converted to PDF, for the reader. 415 for a type with no preview, 429 while the caller already has their share of previews being made, 503 when the server cannot convert it.',
  tag: 'files',
  auth: true,
  params: getFile.params,
  query: noQuery,
  body: noBody,
  responseKind: 'binary',
  binaryTypes: ['application/pdf'],
  responses: {
    200: z.unknown(),
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    415: errorBodySchema,
    429: errorBodySchema,
    503: errorBodySchema,
  },
})

/** What a reader learns of a stored file without downloading it (docs/files.md, "File information"). */
export const fileInfoSchema = z
  .object({
    mime: z.string(),
    size: z.number().int().nonnegative(),
    /** Read from the file at upload: mp4, ogg, webm and m4a; null when it could not be read. */
    durationSeconds: z.number().positive().nullable(),
  })
  .meta({ id: 'FileInfo' })

export type FileInfo = z.infer<typeof fileInfoSchema>

export const getFileInfo = defineRoute({
  method: 'get',
  path: '/api/files/:name/info',
  summary:
    'The type, size and duration (seconds, null when none was read) of a stored file you may read.',
  tag: 'files',
  auth: true,
  params: getFile.params,
  query: noQuery,
  body: noBody,
  responses: {
    200: fileInfoSchema,
    400: errorBodySchema,
    401: errorBodySchema,
    404: errorBodySchema,
  },
})

// Proof of viewing (docs/files.md, "Proof of viewing").

/** The most ranges one report may carry. */
export const maxViewRanges = 100
/**
 * Credited seconds grow at most this much faster than the time since the viewer's first report,
 * from nothing: a first report is credited nothing, so players send one, with no ranges, as
 * playing starts (docs/files.md, "Proof of viewing").
 */
export const viewCreditRate = 1.1
/** The share of a file's duration that makes it watched. */
export const watchedThreshold = 0.9
/**
 * How often a player reports what it played while playing, in seconds: often enough that a
 * viewer who closes the page loses little of what they watched.
 */
export const viewReportIntervalSeconds = 5

export const viewMessages = {
  badRange:
    'Each range is [startSeconds, endSeconds]: two finite numbers of seconds with 0 <= start < end.',
  noRangeList:
    'Send ranges: the list of [startSeconds, endSeconds] you played, empty as playing starts.',
  tooManyRanges: `Send at most ${maxViewRanges} ranges in one report.`,
  noDuration: 'This file has no known duration: its views are not counted.',
  tooScattered: 'Too many separate played ranges for this file: report longer ranges.',
  exportForbidden: 'Only the sender and administrators can export the views.',
} as const

const secondsSchema = z.number({ error: viewMessages.badRange })

export const viewRangeSchema = z
  .tuple([secondsSchema.min(0, viewMessages.badRange), secondsSchema], {
    error: viewMessages.badRange,
  })
  .refine(([start, end]) => start < end, { message: viewMessages.badRange })
  // The refinement, which JSON Schema cannot say, as a mark (rule-marks.ts).
  .meta({
    description: '[startSeconds, endSeconds], 0 <= start < end.',
    example: [0, 15],
    [increasingMark]: true,
  })

export const viewReportSchema = z
  .object({
    // Empty: the report a player sends as playing starts, which starts the viewer's clock.
    ranges: z
      .array(viewRangeSchema, { error: viewMessages.noRangeList })
      .max(maxViewRanges, viewMessages.tooManyRanges),
  })
  .meta({ id: 'ViewReport' })

export type ViewReport = z.infer<typeof viewReportSchema>

/** One viewer's progress: the credited share of the duration, and when it reached 90 %. */
export const viewProgressSchema = z
  .object({
    watchedFraction: z.number().min(0).max(1),
    /** ISO date it became watched; never cleared once set. */
    completedAt: isoDateSchema.nullable(),
  })
  .meta({ id: 'ViewProgress' })

export type ViewProgress = z.infer<typeof viewProgressSchema>

export const viewerSchema = viewProgressSchema
  .extend({ phone: canonicalPhoneSchema, name: z.string() })
  .meta({ id: 'Viewer' })

export type Viewer = z.infer<typeof viewerSchema>

export const fileViewsSchema = z
  .object({
    durationSeconds: z.number().positive(),
    /** Sorted by name. The sender and administrators get every reader, others their own row. */
    viewers: z.array(viewerSchema),
  })
  .meta({ id: 'FileViews' })

export type FileViews = z.infer<typeof fileViewsSchema>

export const postFileViews = defineRoute({
  method: 'post',
  path: '/api/files/:name/views',
  summary:
    'Report the ranges of a video (or recording) you played; answers your credited progress. Credit grows at most 1.1 times as fast as the time since your first report, from nothing: send a first report with no ranges as playing starts.',
  tag: 'files',
  auth: true,
  params: getFile.params,
  query: noQuery,
  body: viewReportSchema,
  responses: {
    200: viewProgressSchema,
    400: errorBodySchema,
    401: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  },
})

export const getFileViews = defineRoute({
  method: 'get',
  path: '/api/files/:name/views',
  summary:
    'Who watched a video: for its sender and administrators every reader (0 for those who did not play it), for another reader their own row.',
  tag: 'files',
  auth: true,
  params: getFile.params,
  query: noQuery,
  body: noBody,
  responses: {
    200: fileViewsSchema,
    400: errorBodySchema,
    401: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  },
})

export const getFileViewsCsv = defineRoute({
  method: 'get',
  path: '/api/files/:name/views.csv',
  summary:
    'The views of a video as a CSV download (name, phone, percent watched, completed at), for its sender and administrators.',
  tag: 'files',
  auth: true,
  params: getFile.params,
  query: noQuery,
  body: noBody,
  responseKind: 'binary',
  binaryTypes: ['text/csv'],
  responses: {
    200: z.unknown(),
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  },
})

export const getFileViewsXlsx = defineRoute({
  method: 'get',
  path: '/api/files/:name/views.xlsx',
  summary:
    'The views of a video as a spreadsheet (.xlsx), every cell a text, for its sender and administrators.',
  tag: 'files',
  auth: true,
  params: getFile.params,
  query: noQuery,
  body: noBody,
  responseKind: 'binary',
  binaryTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  responses: getFileViewsCsv.responses,
})

export const filesRoutes = {
  uploadImage,
  uploadMedia,
  uploadFile,
  uploadAudio,
  getFile,
  getFilePreview,
  getFileInfo,
  postFileViews,
  getFileViews,
  getFileViewsCsv,
  getFileViewsXlsx,
} as const
