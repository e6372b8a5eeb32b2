import type { ClientEventName } from '@palabre/contracts'
import type { RealtimeContext, RealtimeSocket } from '../types.js'
import { onComment } from './comment.js'
import { onCommentsVuFromWeb } from './comments-vu-from-web.js'
import { onMessage } from './message.js'
import { onParticipant } from './participant.js'
import { onPostVuFromWeb } from './post-vu-from-web.js'
import { onSaveGroup } from './save-group.js'

/**
 * What serves each client event of the contracts, keyed by the events themselves: an event with
 * no handler fails the typecheck. One handler per file.
 */
const eventHandlers: Record<
  ClientEventName,
  (ctx: RealtimeContext, socket: RealtimeSocket) => void
> = {
  message: onMessage,
  comment: onComment,
  saveGroup: onSaveGroup,
  participant: onParticipant,
  postVuFromWeb: onPostVuFromWeb,
  commentsVuFromWeb: onCommentsVuFromWeb,
}

export const registerClientEvents = (ctx: RealtimeContext, socket: RealtimeSocket): void => {
  for (const register of Object.values(eventHandlers)) register(ctx, socket)
}
