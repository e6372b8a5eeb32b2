import type {
  ClientToServerEvents,
  Comment,
  PostData,
  ServerToClientEvents,
  SocketData,
} from '@palabre/contracts'
import type { Domain } from '@palabre/domain'
import type { Logger } from 'pino'
import type { Server, Socket } from 'socket.io'
import type { AckedDelivery } from './acked-delivery.js'
import type { Deliveries } from './events/deliveries.js'
import type { SocketBudget } from './flood-guard.js'
import type { RealtimeMetrics } from './metrics.js'

/** Whatever a client answers when a post or comment reaches it: any answer means received. */
export type DeliveryAnswer = string | number | boolean | null | object

/** The events a recipient acknowledges (docs/realtime.md, "Delivery marks"). */
export type AckedEvent = 'message' | 'comment'

/**
 * The server's events as the contracts declare them, plus the acknowledgement a client gives when
 * a `message` or `comment` reaches it: that answer is what sets delivred 2 (docs/realtime.md, "Delivery marks").
 */
export type EmitEvents = Omit<ServerToClientEvents, AckedEvent> & {
  message: (post: PostData, received: (answer: DeliveryAnswer) => void) => void
  comment: (comment: Comment, received: (answer: DeliveryAnswer) => void) => void
}

/** One payload for the sockets of several people, asked of the other nodes. */
export interface DeliveryRequest {
  origin: string
  key: number
  event: AckedEvent
  rooms: string[]
  payload: object
}

/** Who answered, among a node's sockets, for deliveries asked by `origin`: [key, phone] pairs. */
export interface DeliveryAnswers {
  origin: string
  answers: [number, string][]
}

/** What realtime nodes tell each other (socket.io's server-side events, over Redis). */
export interface InterServerEvents {
  deliver(request: DeliveryRequest): void
  delivered(answers: DeliveryAnswers): void
}

export type RealtimeServer = Server<ClientToServerEvents, EmitEvents, InterServerEvents, SocketData>
export type RealtimeSocket = Socket<ClientToServerEvents, EmitEvents, InterServerEvents, SocketData>

/** What every event handler uses. */
export interface RealtimeContext {
  io: RealtimeServer
  domain: Domain
  logger: Logger
  /** Sends posts and comments to their recipients' sockets, each answer telling who received it. */
  delivery: AckedDelivery
  /** What recipients' acknowledgements do, in batches. */
  deliveries: Deliveries
  /** Each socket's event budget (flood-guard.ts). */
  budgetOf(socket: RealtimeSocket): SocketBudget
  /**
   * Whether the socket's session was still live once the socket had joined its rooms (read once
   * per connection; docs/security.md, "Sessions"). Events wait for it.
   */
  sessionConfirmed(socket: RealtimeSocket): Promise<boolean>
  /** What GET /metrics counts (docs/operations.md, "Metrics"). */
  metrics: RealtimeMetrics
}
