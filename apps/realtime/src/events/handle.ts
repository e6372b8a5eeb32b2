import { errorBody, findInputProblem, messages } from '@palabre/contracts'
import type { Ack, ClientEventContract } from '@palabre/contracts'
import { isDatabaseUnavailable, isDomainError } from '@palabre/domain'
import type { z } from 'zod'
import { outcomeOf } from '../metrics.js'
import type { EventOutcome } from '../metrics.js'
import { endSocket } from '../session-endings.js'
import type { RealtimeContext, RealtimeSocket } from '../types.js'

export const TOO_MANY_EVENTS = 'Too many events at once: slow down and try again in a moment.'

/** Work to do once the client has its acknowledgement (the fan-out). */
export type AfterAck = () => Promise<void>

export type EventHandler<E extends ClientEventContract> = (
  payload: z.infer<E['payload']>,
) => Promise<AfterAck | void>

/** A payload naming another user than the socket's session. */
export class ForeignPhoneError extends Error {}

/** The socket acts for its session's phone only: a payload naming another phone is refused. */
export const assertOwnPhone = (socket: RealtimeSocket, claimed: string | undefined): void => {
  if (claimed !== undefined && claimed !== socket.data.phone) throw new ForeignPhoneError()
}

const toAck = (error: unknown): Ack | undefined => {
  if (error instanceof ForeignPhoneError)
    return errorBody('forbidden', 'You can only act for your own phone number.')
  if (isDomainError(error)) return errorBody(error.code, error.message)
  if (isDatabaseUnavailable(error)) return errorBody('unavailable', messages.api.unavailable)
  return undefined
}

type Parsed<E extends ClientEventContract> =
  { success: true; data: z.infer<E['payload']> } | { success: false; refusal: Ack }

/**
 * A payload checked by its contract, after its shape (depth, NUL characters) is checked without
 * recursion, so no payload can overflow the stack of the validation (docs/security.md, "Bad input").
 */
const parsePayload = <E extends ClientEventContract>(event: E, payload: unknown): Parsed<E> => {
  const problem = findInputProblem(payload)
  const parsed = problem === undefined ? event.payload.safeParse(payload) : undefined
  if (parsed?.success) return { success: true, data: parsed.data as z.infer<E['payload']> }
  const issues = parsed
    ? parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }))
    : [problem ?? { path: '', message: 'Invalid payload.' }]
  return {
    success: false,
    refusal: {
      error: {
        code: 'validation_failed',
        message: issues[0]?.message ?? 'Invalid payload.',
        issues,
      },
    },
  }
}

/**
 * Registers one client event: the payload is validated by its contract (an invalid one gets an
 * error acknowledgement and stores nothing), the handler persists, the client gets 1, then the
 * handler's fan-out runs. An acknowledgement is sent whenever the client asked for one.
 */
export const onClientEvent = <E extends ClientEventContract>(
  ctx: RealtimeContext,
  socket: RealtimeSocket,
  event: E,
  handler: EventHandler<E>,
): void => {
  const listener = async (payload: unknown, ack?: unknown) => {
    const received = performance.now()
    let answered = false
    // Counted by what the acknowledgement says, whether the client asked for one or not
    // (docs/operations.md, "Metrics").
    const count = (outcome: EventOutcome) => {
      answered = true
      ctx.metrics.eventAnswered(event.name, outcome, (performance.now() - received) / 1_000)
    }
    const reply = (answer: Ack) => {
      count(outcomeOf(answer))
      if (typeof ack === 'function') (ack as (answer: Ack) => void)(answer)
    }
    // Nothing a client sends may reach the process's uncaught-exception path: whatever throws
    // below is answered as an error, logged, and the socket lives on (docs/security.md, "Bad input").
    try {
      // Over budget: refused before any work (docs/security.md, "Floods").
      const budget = ctx.budgetOf(socket)
      const admission = budget.admit()
      if (admission !== 'admitted') {
        reply(errorBody('too_many_requests', TOO_MANY_EVENTS))
        if (admission === 'disconnect') socket.disconnect(true)
        return
      }
      let after: AfterAck | void
      try {
        after = await work(payload, reply)
      } finally {
        // The budget counts the work before the acknowledgement; the fan-out is the deliveries'.
        budget.done()
      }
      if (after)
        await after().catch((err: unknown) =>
          ctx.logger.error({ err, event: event.name }, 'fan-out failed'),
        )
    } catch (error) {
      if (!answered) count('error')
      ctx.logger.error({ err: error, event: event.name }, 'socket event failed')
    }
  }
  /** Validates, checks the session's end, persists and acknowledges; returns the fan-out to run. */
  const work = async (payload: unknown, reply: (answer: Ack) => void): Promise<AfterAck | void> => {
    let after: AfterAck | void
    try {
      const parsed = parsePayload(event, payload)
      if (!parsed.success) {
        reply(parsed.refusal)
        return
      }
      // A socket acts for a live session only. Ended sessions (logged out in another tab,
      // password reset, deactivation) are pushed to every node, which closes their sockets; one
      // that expired meanwhile is told so and closed here, and nothing is done. No database
      // read: the session was read once, at the handshake (docs/security.md, "Sessions").
      if (!(await ctx.sessionConfirmed(socket)) || Date.now() >= socket.data.sessionExpiresAt) {
        reply(errorBody('unauthenticated', messages.api.sessionEnded))
        endSocket(socket, 'expired')
        return
      }
      after = await handler(parsed.data)
    } catch (error) {
      const answer = toAck(error)
      if (!answer) ctx.logger.error({ err: error, event: event.name }, 'socket event failed')
      reply(answer ?? errorBody('internal', 'Something went wrong on our side. Please try again.'))
      return
    }
    reply(1)
    return after
  }
  // The contracts type each event's listener; validation above makes the raw form safe here.
  socket.on(event.name as never, listener as never)
}
