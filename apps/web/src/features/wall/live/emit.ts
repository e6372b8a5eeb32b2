import { ackSchema, type ErrorBody } from '@palabre/contracts'
import type { WallSocket } from './socket'

/**
 * No acknowledgement within this time: the item waits for the next connection to go again
 * (docs/wall.md, "Sending").
 */
export const ACK_TIMEOUT_MS = 10_000

export type EmitOutcome =
  | { kind: 'stored' }
  | { kind: 'throttled'; retryAfterMs: number }
  | { kind: 'refused'; error: ErrorBody['error'] }
  | { kind: 'unanswered' }

type AckedEvent = 'message' | 'comment' | 'saveGroup' | 'participant'

/**
 * Emits an acknowledged event and reads the answer: 1 once the server stored it, an error body
 * otherwise. A socket that is down holds the emit in its buffer until it reconnects; if that
 * takes longer than the timeout, or the socket drops while the emit is on its way, the outcome
 * is 'unanswered', and a resend with the same ids is safe (the server stores nothing twice).
 */
export const emitAcked = async (
  socket: WallSocket,
  event: AckedEvent,
  payload: unknown,
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<EmitOutcome> => {
  let answer: unknown
  try {
    // The payload types are the contract's inputs; callers build them from the same contracts.
    answer = await (
      socket.timeout(timeoutMs) as unknown as {
        emitWithAck: (name: string, body: unknown) => Promise<unknown>
      }
    ).emitWithAck(event, payload)
  } catch {
    return { kind: 'unanswered' }
  }
  const parsed = ackSchema.safeParse(answer)
  if (!parsed.success) return { kind: 'refused', error: { code: 'internal', message: '' } }
  if (parsed.data === 1) return { kind: 'stored' }
  const { error } = parsed.data
  if (error.code === 'too_many_requests')
    return { kind: 'throttled', retryAfterMs: (error.retryAfterSeconds ?? 5) * 1000 }
  return { kind: 'refused', error }
}
