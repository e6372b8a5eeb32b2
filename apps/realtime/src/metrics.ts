import type { IncomingMessage, ServerResponse } from 'node:http'
import { errorCodes } from '@palabre/contracts'
import type { Ack } from '@palabre/contracts'
import { answerMetrics } from '@palabre/server-kit'
import { Counter, Gauge, Histogram } from 'prom-client'
import type { Registry } from 'prom-client'
import type { Deliveries } from './events/deliveries.js'

// The metrics of a realtime node and their endpoint (docs/operations.md, "Metrics").

/** Seconds, from a quick acknowledgement to the 10 s past which a client has given up anyway. */
const EVENT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/**
 * What a client event's acknowledgement says: `ok` (1), `refused` (a refusal the client's event
 * earned: invalid, not allowed, too many, session ended) or `error` (what REST answers with a
 * 5xx: an internal error, or the database unavailable).
 */
export type EventOutcome = 'ok' | 'refused' | 'error'

export const outcomeOf = (answer: Ack): EventOutcome =>
  answer === 1 ? 'ok' : errorCodes[answer.error.code] >= 500 ? 'error' : 'refused'

/** What the realtime server counts; each call is cheap and never throws. */
export interface RealtimeMetrics {
  socketOpened(): void
  socketClosed(): void
  /** A client event was acknowledged (or failed without an acknowledgement: `error`). */
  eventAnswered(event: string, outcome: EventOutcome, seconds: number): void
  /** A recipient's socket acknowledged a post or a comment it received. */
  delivered(kind: 'post' | 'comment'): void
}

export const noMetrics: RealtimeMetrics = {
  socketOpened: () => undefined,
  socketClosed: () => undefined,
  eventAnswered: () => undefined,
  delivered: () => undefined,
}

/** The realtime server's metrics, registered in the registry its process shows. */
export const realtimeMetrics = (registry: Registry): RealtimeMetrics => {
  const sockets = new Gauge({
    name: 'palabre_sockets_connected',
    help: 'Sockets connected to this node now.',
    registers: [registry],
  })
  const events = new Counter({
    name: 'palabre_socket_events_total',
    help: 'Client events received, by event and by what their acknowledgement said.',
    labelNames: ['event', 'outcome'] as const,
    registers: [registry],
  })
  const durations = new Histogram({
    name: 'palabre_socket_event_duration_seconds',
    help: 'Time from receiving a client event to acknowledging it (its fan-out runs after).',
    labelNames: ['event', 'outcome'] as const,
    buckets: EVENT_BUCKETS,
    registers: [registry],
  })
  const deliveries = new Counter({
    name: 'palabre_deliveries_total',
    help: "Recipients' acknowledgements of the posts and comments they received.",
    labelNames: ['kind'] as const,
    registers: [registry],
  })
  // Present from the start at 0, so a rate over them is defined before the first event.
  for (const kind of ['post', 'comment']) deliveries.inc({ kind }, 0)
  return {
    socketOpened: () => sockets.inc(),
    socketClosed: () => sockets.dec(),
    eventAnswered(event, outcome, seconds) {
      events.inc({ event, outcome })
      durations.observe({ event, outcome }, seconds)
    },
    delivered: (kind) => deliveries.inc({ kind }),
  }
}

/** The same deliveries, each recipient's acknowledgement counted as it arrives. */
export const countDeliveries = (deliveries: Deliveries, metrics: RealtimeMetrics): Deliveries => ({
  posts: {
    storing: deliveries.posts.storing,
    received(id, recipient, author) {
      metrics.delivered('post')
      deliveries.posts.received(id, recipient, author)
    },
  },
  comments: {
    storing: deliveries.comments.storing,
    received(id, recipient, author) {
      metrics.delivered('comment')
      deliveries.comments.received(id, recipient, author)
    },
  },
})

/**
 * GET /metrics of a realtime node (the registry of `processMetrics`, in server-kit): answers
 * and returns true for that path, false for any other. While METRICS_TOKEN is unset it is not
 * there at all (false).
 */
export const metricsEndpoint =
  (token: string | undefined, registry: Registry | undefined) =>
  (req: IncomingMessage, res: ServerResponse): boolean => {
    if (token === undefined || registry === undefined) return false
    const path = (req.url ?? '').split('?')[0]
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return false
    void answerMetrics(req, res, token, registry)
    return true
  }
