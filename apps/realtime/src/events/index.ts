import type { RealtimeContext, RealtimeSocket } from '../types.js'
import { onComment } from './comment.js'
import { onCommentsVuFromWeb } from './comments-vu-from-web.js'
import { onMessage } from './message.js'
import { onParticipant } from './participant.js'
import { onPostVuFromWeb } from './post-vu-from-web.js'
import { onSaveGroup } from './save-group.js'

/** Every client event of spec point 7, one handler per file. */
export const registerClientEvents = (ctx: RealtimeContext, socket: RealtimeSocket): void => {
  onMessage(ctx, socket)
  onComment(ctx, socket)
  onSaveGroup(ctx, socket)
  onParticipant(ctx, socket)
  onPostVuFromWeb(ctx, socket)
  onCommentsVuFromWeb(ctx, socket)
}
