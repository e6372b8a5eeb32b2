import { z } from 'zod'
import { errorBodySchema } from '../errors.js'
import { defineRoute } from '../route.js'
import { fallbackContentType, servedContentTypes } from '../uploads.js'
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

const upload = (path: string, summary: string) =>
  defineRoute({
    method: 'post',
    path,
    summary,
    tag: 'files',
    auth: true,
    params: noParams,
    query: noQuery,
    body: noBody,
    upload: { field: uploadField },
    responses: { 201: uploadAnswerSchema, ...uploadErrors },
  })

export const uploadImage = upload('/api/upload/image', 'Upload an image: jpg, jpeg, png or gif.')
export const uploadMedia = upload('/api/upload/media', 'Upload a video or audio file: mp4 or ogg.')
export const uploadFile = upload(
  '/api/upload/file',
  'Upload a document: pdf, xls, xlsx, xlsm, doc, docx, ppt or pptx.',
)

export const uploadAudio = defineRoute({
  method: 'post',
  path: '/api/upload/audio',
  summary: "Upload a poll recording (webm only). Answers the text '200#<stored name>'.",
  tag: 'files',
  auth: true,
  params: noParams,
  query: noQuery,
  body: noBody,
  upload: { field: uploadField },
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
    'An office document converted to PDF, for the reader. 415 for a type with no preview, 503 when the server cannot convert it.',
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
    503: errorBodySchema,
  },
})

export const filesRoutes = {
  uploadImage,
  uploadMedia,
  uploadFile,
  uploadAudio,
  getFile,
  getFilePreview,
} as const
