import type { Actor } from '@palabre/domain'
import type { RealtimeSocket } from '../types.js'

/** Who acts: the session's phone and the user's registered name, never the payload's claims. */
export const actorOf = (socket: RealtimeSocket): Actor => ({
  phone: socket.data.phone,
  name: socket.data.name,
})
