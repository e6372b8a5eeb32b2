import { z } from 'zod'
import { idSchema, indexParamSchema, searchWordSchema } from '../entities/common.js'
import { postDataSchema } from '../entities/post.js'
import { searchCountBound } from '../constants.js'
import { errorBodySchema } from '../errors.js'
import { defineRoute } from '../route.js'
import { noBody, noQuery, phoneParams } from './common.js'

/**
 * The three scopes of the wall (general, one contact, one folder), each with a count, a page,
 * a search count and a search page, on the original paths (docs/behaviour.md, "Wall"). Counts answer a plain JSON
 * number. Pages hold 10 posts, last event first; `pageIndex` and `n` are page numbers from 0
 * (page p holds the posts p*10 to p*10+9).
 */
export const postCountSchema = z.number().int().nonnegative().meta({ id: 'Count' })
/** A search count stops past the bound: `searchCountBound + 1` means "more than the bound". */
export const searchCountSchema = z
  .number()
  .int()
  .nonnegative()
  .max(searchCountBound + 1)
  .meta({
    id: 'SearchCount',
    description: `Matching posts, exact up to ${searchCountBound}; ${searchCountBound + 1} means more than ${searchCountBound}.`,
  })
const postPageSchema = z.array(postDataSchema)

// 403: userPhone is not the signed-in user's own, or the folder is not one of theirs.
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema }

const userParams = phoneParams('userPhone')
const contactParams = phoneParams('userPhone', 'contactPhone')
const groupParams = userParams.extend({ groupId: idSchema })

const get = <P extends z.ZodObject, R extends z.ZodType>(
  path: string,
  summary: string,
  params: P,
  answer: R,
) =>
  defineRoute({
    method: 'get',
    path,
    summary,
    tag: 'posts',
    auth: true,
    self: 'userPhone',
    params,
    query: noQuery,
    body: noBody,
    responses: { 200: answer, ...errors },
  })

export const countPosts = get(
  '/api/post/:userPhone',
  'Total count of posts on the general wall.',
  userParams,
  postCountSchema,
)

export const countContactPosts = get(
  '/api/postContact/:userPhone/:contactPhone',
  'Count of the posts exchanged with one contact.',
  contactParams,
  postCountSchema,
)

export const countGroupPosts = get(
  '/api/postGroup/:userPhone/:groupId',
  'Count of the posts of one folder.',
  groupParams,
  postCountSchema,
)

export const getPostsPage = get(
  '/api/post/:userPhone/:pageIndex',
  'A page of the general wall.',
  userParams.extend({ pageIndex: indexParamSchema }),
  postPageSchema,
)

export const getContactPostsPage = get(
  '/api/postContact/:userPhone/:contactPhone/:pageIndex',
  'A page of the posts exchanged with one contact.',
  contactParams.extend({ pageIndex: indexParamSchema }),
  postPageSchema,
)

export const getGroupPostsPage = get(
  '/api/postGroup/:userPhone/:groupId/:pageIndex',
  'A page of the posts of one folder.',
  groupParams.extend({ pageIndex: indexParamSchema }),
  postPageSchema,
)

export const countSearchPosts = get(
  '/api/search/:userPhone/:term',
  'Count of the wall posts whose text contains the term (case-insensitive).',
  userParams.extend({ term: searchWordSchema }),
  searchCountSchema,
)

export const countSearchContactPosts = get(
  '/api/searchPostContact/:userPhone/:contactPhone/:term',
  "Count of one contact's posts whose text contains the term.",
  contactParams.extend({ term: searchWordSchema }),
  searchCountSchema,
)

export const countSearchGroupPosts = get(
  '/api/searchPostGroup/:userPhone/:groupId/:term',
  "Count of one folder's posts whose text contains the term.",
  groupParams.extend({ term: searchWordSchema }),
  searchCountSchema,
)

export const searchPosts = get(
  '/api/search/:userPhone/:n/:word',
  'Page n of the wall posts whose text contains the word.',
  userParams.extend({ n: indexParamSchema, word: searchWordSchema }),
  postPageSchema,
)

export const searchContactPosts = get(
  '/api/searchPostContact/:userPhone/:n/:contactPhone/:word',
  "Page n of one contact's posts whose text contains the word.",
  contactParams.extend({ n: indexParamSchema, word: searchWordSchema }),
  postPageSchema,
)

export const searchGroupPosts = get(
  '/api/searchPostGroup/:userPhone/:n/:idGroup/:word',
  "Page n of one folder's posts whose text contains the word.",
  userParams.extend({ n: indexParamSchema, idGroup: idSchema, word: searchWordSchema }),
  postPageSchema,
)

export const getUserSocketWeb = defineRoute({
  method: 'get',
  path: '/api/userSocketWeb/:userPhone',
  summary:
    "The id of the user's web socket, or '' when none (spec clients then connect). A JSON string.",
  tag: 'posts',
  auth: true,
  self: 'userPhone',
  params: userParams,
  query: noQuery,
  body: noBody,
  responses: { 200: z.string(), ...errors },
})

export const getPost = defineRoute({
  method: 'get',
  path: '/api/postView/:idPost',
  summary:
    'One post as the signed-in user sees it (a discussion opened from a link). 404 unless they take part in it.',
  tag: 'posts',
  auth: true,
  params: z.object({ idPost: idSchema }),
  query: noQuery,
  body: noBody,
  responses: { 200: postDataSchema, ...errors, 404: errorBodySchema },
})

export const postsRoutes = {
  countPosts,
  countContactPosts,
  countGroupPosts,
  getPostsPage,
  getContactPostsPage,
  getGroupPostsPage,
  countSearchPosts,
  countSearchContactPosts,
  countSearchGroupPosts,
  searchPosts,
  searchContactPosts,
  searchGroupPosts,
  getUserSocketWeb,
  getPost,
} as const
