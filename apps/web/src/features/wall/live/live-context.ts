import { createContext, useContext } from 'react'
import type { Outbox } from '../queries/sending/outbox'
import type { Sender } from '../queries/sending/sender'
import type { WallSocket } from './socket'

export type ConnectionStatus = 'connecting' | 'online' | 'offline'

export interface Live {
  socket: WallSocket
  outbox: Outbox
  sender: Sender
  status: ConnectionStatus
}

export const LiveContext = createContext<Live | null>(null)

/** The tab's socket, outbox and sender, inside the wall. */
export const useLive = (): Live => {
  const live = useContext(LiveContext)
  if (live === null) throw new Error('useLive is used outside the wall')
  return live
}
