import type { PostData } from '@palabre/contracts'
import type { PostDoc } from '@palabre/domain'
import { phoneRoom } from '../handshake.js'
import type { RealtimeContext, RealtimeSocket } from '../types.js'

/**
 * Sends a stored post to every socket of every recipient, on every node (one frame for those who
 * share a view). A recipient's first answering socket sets its delivred 2 and tells the sender
 * with `callback` (see deliveries).
 */
export const deliverPost = (
  ctx: RealtimeContext,
  post: PostDoc,
  views: ReadonlyMap<string, PostData>,
): void => {
  const recipients = new Map(views)
  recipients.delete(post.emetr_phone)
  ctx.delivery.send('message', recipients, (phone) =>
    ctx.deliveries.posts.received(post.idPostEmet, phone, post.emetr_phone),
  )
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
