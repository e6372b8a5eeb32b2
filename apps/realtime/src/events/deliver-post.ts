import type { PostData } from '@palabre/contracts'
import type { PostDoc } from '@palabre/domain'
import { phoneRoom } from '../handshake.js'
import { sharePayload } from '../shared-payload-parser.js'
import type { RealtimeContext, RealtimeSocket } from '../types.js'

/**
 * Sends a stored post to every socket of every recipient (one room per phone, on every node),
 * each with its own view. A recipient's acknowledgement sets its delivred 2 and tells the
 * sender with `callback` (see deliveries).
 */
export const deliverPost = (
  ctx: RealtimeContext,
  post: PostDoc,
  views: ReadonlyMap<string, PostData>,
): void => {
  for (const [phone, view] of views) {
    if (phone === post.emetr_phone) continue
    ctx.io
      .to(phoneRoom(phone))
      .timeout(ctx.deliveryTimeoutMs)
      .emit('message', sharePayload(view), (_timedOut, responses) => {
        // On a timeout `responses` holds the sockets that did answer: one is enough.
        if (responses.length > 0)
          ctx.deliveries.posts.received(post.idPostEmet, phone, post.emetr_phone)
      })
  }
}

/** The sender's other tabs and devices get the post they sent (`messageForOtherToMe`). */
export const echoPostToSender = (
  socket: RealtimeSocket,
  post: PostDoc,
  views: ReadonlyMap<string, PostData>,
): void => {
  const own = views.get(post.emetr_phone)
  if (own) socket.to(phoneRoom(post.emetr_phone)).emit('messageForOtherToMe', own)
}
