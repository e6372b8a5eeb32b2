import {
  socketPath,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@palabre/contracts'
import { io, type Socket } from 'socket.io-client'

export type WallSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/**
 * The tab's own socket (docs/wall.md, "Live updates"). Every tab opens one, whatever
 * `GET /api/userSocketWeb` says: the server puts all of a user's sockets in one room. The
 * session cookie identifies the user; phone and name in the handshake are informative. Unlike
 * the original client, it reconnects by itself, and the wall then catches up.
 */
export const openSocket = (profile: { phone: string; nomPrenom: string }): WallSocket =>
  io({
    path: socketPath,
    query: { userPhone: profile.phone, userName: profile.nomPrenom, web: '1' },
    withCredentials: true,
    reconnection: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 5_000,
    // Straight to WebSocket: one connection, no long-polling upgrade dance through proxies.
    transports: ['websocket'],
  })
