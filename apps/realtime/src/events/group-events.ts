import type { GroupEventName, Participant } from '@palabre/contracts'
import type { GroupDoc } from '@palabre/domain'
import { presentGroup } from '@palabre/domain'
import { phoneRoom } from '../handshake.js'
import type { RealtimeContext } from '../types.js'

/** Tells each member concerned by a folder change (the removed ones included) with a `group` event. */
export const announceGroup = (
  ctx: RealtimeContext,
  event: GroupEventName,
  group: GroupDoc,
  audience: readonly string[],
  changes: { participants?: Participant[]; by?: string } = {},
): void => {
  const payload = { event, group: presentGroup(group), ...changes }
  const rooms = [...new Set(audience)].map(phoneRoom)
  if (rooms.length > 0) ctx.io.to(rooms).emit('group', payload)
}
