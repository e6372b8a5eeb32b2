import { clientCommentsVuFromWeb } from '@palabre/contracts'
import { phoneRoom } from '../handshake.js'
import type { RealtimeContext, RealtimeSocket } from '../types.js'
import { assertOwnPhone, onClientEvent } from './handle.js'

/**
 * `commentsVuFromWeb`: the viewer read a post's comments on the web. Its receipts turn seen
 * (delivredtoWeb 4), its unread count on the post goes back to 0, and each author is told.
 */
export const onCommentsVuFromWeb = (ctx: RealtimeContext, socket: RealtimeSocket): void =>
  onClientEvent(ctx, socket, clientCommentsVuFromWeb, async (payload) => {
    assertOwnPhone(socket, payload.emtr_vu)
    const viewer = socket.data.phone
    const seen = await ctx.domain.comments.markSeen(
      viewer,
      payload.idPostEmet,
      payload.commentsSeen,
      'web',
    )
    await ctx.domain.posts.resetUnread(viewer, payload.idPostEmet)
    if (seen.length === 0) return
    return async () => {
      for (const { author, idPostEmet, commentsSeen, statuses } of seen) {
        ctx.io.to(phoneRoom(author)).emit('commentVuFromWeb', {
          idPostEmet,
          phone: viewer,
          commentsSeen,
          delivredtoWeb: 4,
          statuses,
        })
      }
    }
  })
