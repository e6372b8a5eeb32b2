import { z } from 'zod'
import { countSchema, decimalIndexSchema } from '../entities/common.js'
import { commentSchema } from '../entities/comment.js'
import { postDataSchema } from '../entities/post.js'
import { errorBodySchema } from '../errors.js'
import { defineRoute } from '../route.js'
import { noBody, noParams } from './common.js'

export const syncQuerySchema = z.strictObject({
  /** The last sequence the client has seen; 0 (or absent) for everything. */
  since: decimalIndexSchema('since is a non-negative integer.').default(0),
})

/** What changed in the user's inbox since a sequence (docs/realtime.md, "Catch-up"). */
export const syncAnswerSchema = z
  .object({
    /**
     * Ask with it next time. It stops short of changes of the last seconds (a change handed an
     * earlier sequence may still be on its way), so those come again: merge posts by id.
     */
    seq: countSchema,
    /** Inbox entries changed after `since` (new posts, counts, marks), latest first. */
    posts: z.array(postDataSchema),
    /**
     * Comments addressed to the user that their client had not received (oldest first, at
     * most 200): they are delivered now. Older ones come with their threads.
     */
    comments: z.array(commentSchema).optional(),
    /** Posts no longer in the user's inbox. */
    removedPostIds: z.array(z.string()).optional(),
    /** More changed than one answer holds: reload the counts and the current page instead. */
    hasMore: z.boolean().optional(),
  })
  .meta({ id: 'SyncAnswer' })

export type SyncAnswer = z.infer<typeof syncAnswerSchema>

export const getSync = defineRoute({
  method: 'get',
  path: '/api/sync',
  summary: "Catch-up after a reconnect: the signed-in user's inbox changes since a sequence.",
  tag: 'sync',
  auth: true,
  params: noParams,
  query: syncQuerySchema,
  body: noBody,
  responses: { 200: syncAnswerSchema, 400: errorBodySchema, 401: errorBodySchema },
})

export const syncRoutes = { getSync } as const
