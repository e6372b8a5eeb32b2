import { clientPostVuFromWeb } from '@palabre/contracts'
import { phoneRoom } from '../handshake.js'
import type { RealtimeContext, RealtimeSocket } from '../types.js'
import { assertOwnPhone, onClientEvent } from './handle.js'

/** `postVuFromWeb`: the viewer saw the post on the web (delivredtoWeb 4); its sender is told. */
export const onPostVuFromWeb = (ctx: RealtimeContext, socket: RealtimeSocket): void =>
  onClientEvent(ctx, socket, clientPostVuFromWeb, async (payload) => {
    assertOwnPhone(socket, payload.emtr_vu)
    const viewer = socket.data.phone
    const change = await ctx.domain.posts.markSeen(viewer, payload.idPostEmet, 'web')
    if (!change) return
    return async () => {
      ctx.io
        .to(phoneRoom(change.sender))
        .emit('postVuFromWeb', { idPostEmet: change.idPostEmet, phone: viewer, delivredtoWeb: 4 })
    }
  })
