import { clientComment } from '@palabre/contracts'
import type { RealtimeContext, RealtimeSocket } from '../types.js'
import { actorOf } from './actor.js'
import { deliverComment } from './deliver-comment.js'
import { assertOwnPhone, onClientEvent } from './handle.js'

/**
 * `comment`: the rights (docs/behaviour.md, "Comments") are checked and the comment stored (the commit point);
 * the participants get it at once while its effects (counts, entries, receipts) are written;
 * the author's acknowledgement 1 waits for those (see `message` for the same pattern).
 */
export const onComment = (ctx: RealtimeContext, socket: RealtimeSocket): void =>
  onClientEvent(ctx, socket, clientComment, async (payload) => {
    assertOwnPhone(socket, payload.emetr_phone)
    const { comments } = ctx.domain
    const added = await comments.store(actorOf(socket), {
      idCmtEmet: payload.idCmtEmet,
      idPostEmet: payload.idPostEmet,
      cmt: payload.cmt,
      image: payload.image,
      fileDocName: payload.fileDocName,
      type: payload.typecommente,
      app_id: payload.app_id,
    })
    const effects = comments.distribute(added)
    if (added.status === 'created') {
      ctx.deliveries.comments.storing(added.comment.idCmtEmet, effects)
      deliverComment(ctx, socket, added)
    }
    await effects
  })
