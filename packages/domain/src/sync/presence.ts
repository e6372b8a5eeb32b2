import type { Connection } from 'mongoose'
import { nodeBeatModel, presenceModel } from './presence-model.js'

/** A node beats every 30 s; a node silent for 90 s has died and its sockets are gone. */
export const PRESENCE_BEAT_MS = 30_000
export const PRESENCE_STALE_MS = 90_000

export interface PresenceService {
  connected(
    entry: { socketId: string; phone: string; node: string; web: boolean },
    now?: Date,
  ): Promise<void>
  disconnected(socketId: string): Promise<void>
  /** The node is alive; also forgets the sockets of nodes that stopped beating. */
  beat(node: string, now?: Date): Promise<void>
  /** Forgets a node and its sockets (it is shutting down). */
  clearNode(node: string): Promise<void>
  /** The id of one live web socket of the user, or '' when none (GET /api/userSocketWeb). */
  webSocketOf(phone: string, now?: Date): Promise<string>
}

export const createPresenceService = (connection: Connection): PresenceService => {
  const Presence = presenceModel(connection)
  const NodeBeat = nodeBeatModel(connection)
  const staleBefore = (now: Date) => new Date(now.getTime() - PRESENCE_STALE_MS)
  return {
    async connected({ socketId, phone, node, web }, now = new Date()) {
      await Presence.updateOne(
        { _id: socketId },
        { $set: { socketId, phone, node, web, connectedAt: now } },
        { upsert: true },
      )
    },
    async disconnected(socketId) {
      await Presence.deleteOne({ _id: socketId })
    },
    async beat(node, now = new Date()) {
      await NodeBeat.updateOne({ _id: node }, { $set: { seenAt: now } }, { upsert: true })
      const dead = await NodeBeat.find({ seenAt: { $lt: staleBefore(now) } })
        .select({ _id: 1 })
        .lean()
      if (dead.length === 0) return
      const ids = dead.map((d) => d._id)
      await Presence.deleteMany({ node: { $in: ids } })
      await NodeBeat.deleteMany({ _id: { $in: ids } })
    },
    async clearNode(node) {
      await Presence.deleteMany({ node })
      await NodeBeat.deleteOne({ _id: node })
    },
    async webSocketOf(phone, now = new Date()) {
      const sockets = await Presence.find({ phone, web: true }).sort({ connectedAt: -1 }).lean()
      if (sockets.length === 0) return ''
      const nodes = [...new Set(sockets.map((s) => s.node))]
      const alive = new Set(
        (
          await NodeBeat.find({ _id: { $in: nodes }, seenAt: { $gte: staleBefore(now) } })
            .select({ _id: 1 })
            .lean()
        ).map((n) => n._id),
      )
      return sockets.find((s) => alive.has(s.node))?.socketId ?? ''
    },
  }
}
