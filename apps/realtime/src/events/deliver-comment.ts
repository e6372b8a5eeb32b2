import type { Comment } from '@palabre/contracts'
import type { AddedComment } from '@palabre/domain'
import { phoneRoom } from '../handshake.js'
import type { RealtimeContext, RealtimeSocket } from '../types.js'

/**
 * Sends a stored comment to every socket of every other participant and to the author's other
 * sockets. A recipient's acknowledgement marks its receipt delivered (the comment's status
 * turns '2' once every recipient has it).
 */
export const deliverComment = (
  ctx: RealtimeContext,
  socket: RealtimeSocket,
  added: AddedComment,
): void => {
  const views = ctx.domain.comments.viewsOf(added)
  const idCmtEmet = added.comment.idCmtEmet
  const recipients = new Map<string, Comment>()
  for (const phone of added.recipients) {
    const view = views.get(phone)
    if (view) recipients.set(phone, view)
  }
  ctx.delivery.send('comment', recipients, (phone) =>
    ctx.deliveries.comments.received(idCmtEmet, phone),
  )
  const own = views.get(added.comment.emetr_phone)
  if (own) socket.to(phoneRoom(added.comment.emetr_phone)).emit('commentForOtherToMe', own)
}
