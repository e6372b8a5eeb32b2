import { raiseMarks } from '@palabre/contracts'
import type { Comment, PostData } from '@palabre/contracts'
import type { ApiContext } from '../context.js'

/**
 * Delivered means the person's client has it, however it got there (docs/realtime.md,
 * "Delivery marks"): a post or comment read over REST (a page of the wall, a search, one post,
 * a thread, the catch-up) is marked delivered before the answer leaves, in one write for the
 * whole answer, and each sender is told live. The answer shows the mark too. An export reads
 * without calling these.
 */

const delivered = { kind: 'delivered' } as const

/** Posts addressed to the viewer in an answer: delivered, and their senders told. */
export const deliverPosts = async (
  ctx: Pick<ApiContext, 'domain' | 'notices'>,
  viewer: string,
  posts: PostData[],
): Promise<PostData[]> => {
  const received = new Set(
    posts
      .filter((p) => p.data.emetr_phone !== viewer && p.delivred < 2)
      .map((p) => p.data.idPostEmet),
  )
  if (received.size === 0) return posts
  const changes = await ctx.domain.posts.markDeliveredOnRead(viewer, [...received])
  for (const change of changes)
    ctx.notices.tell(change.sender, 'callback', {
      idPostEmet: change.idPostEmet,
      phone: viewer,
      delivred: 2,
    })
  return posts.map((p) => (received.has(p.data.idPostEmet) ? raiseMarks(p, delivered) : p))
}

/** Comments addressed to the viewer in an answer: delivered, and their authors told. */
export const deliverComments = async (
  ctx: Pick<ApiContext, 'domain' | 'notices'>,
  viewer: string,
  comments: Comment[],
): Promise<Comment[]> => {
  const received = comments
    .filter((c) => {
      const own = c.data.destinataires.find((r) => r.phone === viewer)
      return c.data.emetr_phone !== viewer && own !== undefined && own.delivred < 2
    })
    .map((c) => c.data.idCmtEmet)
  if (received.length === 0) return comments
  const changes = await ctx.domain.comments.markDeliveredOnRead(viewer, received)
  for (const change of changes)
    ctx.notices.tell(change.author, 'commentCallback', {
      idPostEmet: change.idPostEmet,
      idCmtEmet: change.idCmtEmet,
      phones: [viewer],
      delivred: 2,
      tagcmtstatut: change.status,
    })
  const changed = new Set(changes.map((c) => c.idCmtEmet))
  return comments.map((c) =>
    changed.has(c.data.idCmtEmet)
      ? {
          ...c,
          data: {
            ...c.data,
            destinataires: c.data.destinataires.map((r) =>
              r.phone === viewer ? raiseMarks(r, delivered) : r,
            ),
          },
        }
      : c,
  )
}
