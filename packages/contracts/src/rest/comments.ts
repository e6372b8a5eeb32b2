import { z } from 'zod'
import { idSchema, indexParamSchema } from '../entities/common.js'
import { commentFileSchema, commentSchema } from '../entities/comment.js'
import { errorBodySchema } from '../errors.js'
import { defineRoute } from '../route.js'
import { noBody, noQuery } from './common.js'

// 403: the post is not one of the signed-in user's conversations.
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
}

const postParams = z.object({ idPost: idSchema })

export const getComments = defineRoute({
  method: 'get',
  path: '/api/comment/:idPost',
  summary: 'All comments of a post, oldest first.',
  tag: 'comments',
  auth: true,
  params: postParams,
  query: noQuery,
  body: noBody,
  responses: { 200: z.array(commentSchema), ...errors },
})

export const getCommentFiles = defineRoute({
  method: 'get',
  path: '/api/commentFiles/:idPost',
  summary: "The first 7 files of a post's comments, newest first.",
  tag: 'comments',
  auth: true,
  params: postParams,
  query: noQuery,
  body: noBody,
  responses: { 200: z.array(commentFileSchema), ...errors },
})

export const getCommentFilesPage = defineRoute({
  method: 'get',
  path: '/api/commentFiles/:idPost/:n',
  summary: "Up to 7 files of a post's comments from offset n.",
  tag: 'comments',
  auth: true,
  params: postParams.extend({ n: indexParamSchema }),
  query: noQuery,
  body: noBody,
  responses: { 200: z.array(commentFileSchema), ...errors },
})

export const commentsRoutes = { getComments, getCommentFiles, getCommentFilesPage } as const
