import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

/** One live socket, written by the realtime node holding it, read by the api (userSocketWeb). */
export interface PresenceDoc {
  /** The socket id. */
  _id: string
  socketId: string
  phone: string
  /** The realtime node holding it: its sockets count only while the node is alive. */
  node: string
  web: boolean
  connectedAt: Date
}

/** A realtime node's heartbeat: one write per node and period, whatever its socket count. */
export interface NodeBeatDoc {
  _id: string
  seenAt: Date
}

const presenceSchema = new Schema<PresenceDoc>(
  {
    _id: { type: String, required: true },
    socketId: { type: String, required: true },
    phone: { type: String, required: true },
    node: { type: String, required: true },
    web: { type: Boolean, default: true },
    connectedAt: { type: Date, required: true },
  },
  { versionKey: false },
)
presenceSchema.index({ phone: 1, connectedAt: -1 })
presenceSchema.index({ node: 1 })

const nodeBeatSchema = new Schema<NodeBeatDoc>(
  { _id: { type: String, required: true }, seenAt: { type: Date, required: true } },
  { versionKey: false },
)

export const presenceModel = (connection: Connection): Model<PresenceDoc> =>
  connection.models['SocketPresence'] ??
  connection.model<PresenceDoc>('SocketPresence', presenceSchema, 'socket_presence')

export const nodeBeatModel = (connection: Connection): Model<NodeBeatDoc> =>
  connection.models['RealtimeNode'] ??
  connection.model<NodeBeatDoc>('RealtimeNode', nodeBeatSchema, 'realtime_nodes')
