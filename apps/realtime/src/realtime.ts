import type { Server as HttpServer } from 'node:http'
import { socketPath } from '@palabre/contracts'
import type { ServerEventName, ServerToClientEvents, SessionEndedPayload } from '@palabre/contracts'
import { personEndingRequester, personEndingResponder, sessionRoom } from '@palabre/domain'
import type { Domain, OriginPolicy, PersonEndings, SessionTarget } from '@palabre/domain'
import { createAdapter } from '@socket.io/redis-adapter'
import type { Logger } from 'pino'
import type { Registry } from 'prom-client'
import { createClient } from 'redis'
import { Server } from 'socket.io'
import type { Socket } from 'socket.io'
import { createAckedDelivery } from './acked-delivery.js'
import { createDeliveries } from './events/deliveries.js'
import { registerClientEvents } from './events/index.js'
import { authenticateSocket, phoneRoom } from './handshake.js'
import { countDeliveries, noMetrics, realtimeMetrics } from './metrics.js'
import { createFloodGuard, DEFAULT_FLOOD_LIMITS } from './flood-guard.js'
import type { FloodLimits, SocketBudget } from './flood-guard.js'
import { packetParser } from './packet-parser.js'
import { startNodePresence } from './presence.js'
import { endSessionSockets, endSocket, startSessionSweep } from './session-endings.js'
import type { RealtimeContext, RealtimeServer, RealtimeSocket } from './types.js'

export type { RealtimeServer, RealtimeSocket }

export interface RealtimeOptions {
  httpServer: HttpServer
  domain: Domain
  logger: Logger
  /** With Redis, several realtime nodes share rooms: a post emitted on one reaches sockets on all. */
  redisUrl?: string | undefined
  /** How long recipients have to acknowledge a post or comment (delivery marks); 10 s by default. */
  deliveryTimeoutMs?: number
  /** The pages that may open a socket with the user's cookie (docs/security.md). */
  origins: OriginPolicy
  /** How often this node ends the sockets of sessions that expired or ended unseen; 15 s. */
  sessionSweepMs?: number
  /** Each socket's event budget (docs/security.md, "Floods"). */
  floodLimits?: FloodLimits
  /**
   * Where this server's metrics are registered, shown by its process's GET /metrics
   * (docs/operations.md, "Metrics"); none while METRICS_TOKEN is unset.
   */
  metrics?: Registry | undefined
}

export interface Realtime {
  io: RealtimeServer
  /** Ends the sockets of a session, or of every session of a phone, on every node. */
  endSessions(target: SessionTarget, reason: SessionEndedPayload['reason']): void
  /**
   * Closes every socket of one person on every node and waits until the events they had in
   * flight are finished (docs/organisation.md, "Deactivation"); with Redis, every node answers.
   */
  endPerson(phone: string, reason: SessionEndedPayload['reason']): Promise<void>
  /** Ends this node's sockets of sessions that ended unseen now, as it does every sessionSweepMs. */
  sweepSessions(): Promise<void>
  /** Sends an event to every socket of one person, on every node (a mark set over REST). */
  tell<E extends Exclude<ServerEventName, 'message' | 'comment'>>(
    phone: string | readonly string[],
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void
  close(): Promise<void>
}

/** The session's user name on the socket, for the posts and comments it sends. */
const loadName = (domain: Domain) => async (socket: Socket, next: (error?: Error) => void) => {
  try {
    const phone = (socket.data as { phone: string }).phone
    const user = await domain.users.findByPhone(phone)
    socket.data.name = user?.nomPrenom ?? ''
    next()
  } catch {
    next(new Error('unavailable'))
  }
}

/** Attaches the socket.io server to an HTTP server (its own, or the one-process server's). */
export const createRealtime = async ({
  httpServer,
  domain,
  logger,
  redisUrl,
  deliveryTimeoutMs = 10_000,
  origins,
  sessionSweepMs = 15_000,
  floodLimits = DEFAULT_FLOOD_LIMITS,
  metrics: registry,
}: RealtimeOptions): Promise<Realtime> => {
  const metrics = registry ? realtimeMetrics(registry) : noMetrics
  const io: RealtimeServer = new Server(httpServer, {
    path: socketPath,
    serveClient: false,
    // A page of another site would open the socket with the user's cookie and act as them:
    // the handshake must come from our own origin, or from no page at all (docs/security.md).
    allowRequest: (req, callback) => callback(null, origins.allows(req)),
    // The size and the depth of a packet are refused before it is decoded (docs/security.md,
    // "Bad input").
    maxHttpBufferSize: 1_000_000,
    parser: packetParser,
  })
  const closers: (() => Promise<unknown>)[] = []
  const budgets = new WeakMap<RealtimeSocket, SocketBudget>()
  const confirmations = new WeakMap<RealtimeSocket, Promise<boolean>>()
  /**
   * This node's part of ending a person: each of their sockets is told why and closed, so
   * nothing more of theirs is received, then the events already received are let finish
   * (docs/organisation.md, "Deactivation").
   */
  const endPersonHere = async (phone: string, reason: SessionEndedPayload['reason']) => {
    // Whoever is deactivated is read again before the next post or comment.
    domain.deactivated.forget()
    const theirs = [...io.of('/').sockets.values()].filter((s) => s.data.phone === phone)
    for (const socket of theirs) endSocket(socket, reason)
    await Promise.all(theirs.map((socket) => budgets.get(socket)?.idle()))
  }
  let requester: PersonEndings | undefined
  if (redisUrl) {
    const pub = createClient({ url: redisUrl })
    const sub = pub.duplicate()
    pub.on('error', (err) => logger.error({ err }, 'redis publisher error'))
    sub.on('error', (err) => logger.error({ err }, 'redis subscriber error'))
    await Promise.all([pub.connect(), sub.connect()])
    io.adapter(createAdapter(pub, sub))
    // Its own subscriber for the person endings: the adapter's is the adapter's.
    const endings = sub.duplicate()
    endings.on('error', (err) => logger.error({ err }, 'redis (person endings) error'))
    await endings.connect()
    const responder = await personEndingResponder(pub, endings, endPersonHere, (err) =>
      logger.error({ err }, 'ending a person failed'),
    )
    requester = await personEndingRequester(pub, endings)
    closers.push(
      () => responder.close(),
      () => endings.quit(),
      () => pub.quit(),
      () => sub.quit(),
    )
  }
  const presence = await startNodePresence(domain, logger)
  const deliveries = countDeliveries(createDeliveries(io, domain, logger), metrics)
  const floods = createFloodGuard(floodLimits)
  const budgetOf = (socket: RealtimeSocket): SocketBudget => {
    const budget = budgets.get(socket)
    if (!budget) throw new Error('a socket without its event budget')
    return budget
  }
  const ctx: RealtimeContext = {
    io,
    domain,
    logger,
    delivery: createAckedDelivery(io, {
      clustered: Boolean(redisUrl),
      timeoutMs: deliveryTimeoutMs,
    }),
    deliveries,
    budgetOf,
    sessionConfirmed: (socket) => confirmations.get(socket) ?? Promise.resolve(false),
    metrics,
  }
  io.use(authenticateSocket(domain))
  io.use(loadName(domain))
  io.on('connection', (socket) => {
    const phone = socket.data.phone
    const sessionKey = socket.data.sessionKey
    // The handshake read the session; an ending that came between that read and these rooms
    // reached no socket of ours, so the session is read once more, now that endings reach this
    // one (docs/security.md, "Sessions"). Its events wait for the answer.
    const confirmed = Promise.resolve(socket.join([phoneRoom(phone), sessionRoom(sessionKey)]))
      .then(() => domain.sessions.liveKeys([sessionKey]))
      .then(
        (live) => {
          if (live.has(sessionKey)) return true
          endSocket(socket, 'expired')
          return false
        },
        (err: unknown) => {
          // Unknown, not ended: closed without a word, so the client connects again.
          logger.warn({ err }, 'a new socket could not have its session confirmed')
          socket.disconnect(true)
          return false
        },
      )
    confirmations.set(socket, confirmed)
    presence.track(socket)
    const budget = floods.open(phone)
    budgets.set(socket, budget)
    metrics.socketOpened()
    socket.once('disconnect', () => {
      budget.release()
      metrics.socketClosed()
    })
    // A packet the decoder refused (too deep, malformed): socket.io closes the connection.
    socket.on('error', (err) => logger.debug({ err, phone }, 'a packet was refused'))
    registerClientEvents(ctx, socket)
    logger.debug({ phone, id: socket.id }, 'socket connected')
  })
  // A socket's events being answered are those its budget counts (events/handle.ts).
  const sessionSweep = startSessionSweep(io, domain, logger, sessionSweepMs, (socket) =>
    Boolean(budgets.get(socket)?.busy()),
  )
  return {
    io,
    endSessions: (target, reason) => endSessionSockets(io, target, reason),
    endPerson: (phone, reason) =>
      requester ? requester.end(phone, reason) : endPersonHere(phone, reason),
    sweepSessions: () => sessionSweep.sweep(),
    tell(phone, event, payload) {
      // socket.io's typing cannot follow E through the union of event names.
      const rooms = typeof phone === 'string' ? [phoneRoom(phone)] : phone.map(phoneRoom)
      ;(io.to(rooms) as { emit(name: string, body: unknown): unknown }).emit(event, payload)
    },
    async close() {
      sessionSweep.stop()
      await requester?.close()
      io.disconnectSockets(true)
      await new Promise<void>((resolve) => {
        io.close(() => resolve())
      })
      await presence.stop()
      for (const close of closers) await close()
    },
  }
}
