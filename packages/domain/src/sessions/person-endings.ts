import { randomUUID } from 'node:crypto'
import { messages } from '@palabre/contracts'
import type { SessionEndedPayload } from '@palabre/contracts'
import { DomainError } from '../posts/domain-error.js'

/**
 * Ending every socket of one person on every realtime node, and knowing when it is done
 * (docs/organisation.md, "Deactivation"). Whoever asks (an api node, or a realtime node for its
 * own process) publishes a request on Redis; each realtime node closes that person's sockets,
 * waits for the events they had in flight to finish, and answers. Redis's PUBLISH says how many
 * nodes received the request, so the asker waits for exactly that many answers.
 *
 * Both sides live here so the api and the realtime nodes cannot drift apart; the apps hand in
 * their Redis clients (node-redis fits these shapes).
 */

export const personEndingChannels = {
  request: 'palabre:person-end',
  done: 'palabre:person-ended',
} as const

export type PersonEndReason = SessionEndedPayload['reason']

interface EndRequest {
  id: string
  phone: string
  reason: PersonEndReason
}

/** A Redis client that publishes. */
export interface RedisPublisher {
  publish(channel: string, message: string): Promise<number>
}

/** A Redis client in subscriber mode. */
export interface RedisSubscriber {
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>
  unsubscribe(channel: string): Promise<unknown>
}

/** How long an asker waits for every node's answer before saying the ending is unconfirmed. */
export const PERSON_ENDING_TIMEOUT_MS = 10_000

export interface PersonEndings {
  /**
   * Resolves once every realtime node that received the request has closed the person's sockets
   * and finished their events in flight; rejects with 503 `unavailable` when one has not answered
   * within the timeout (the caller's change stands: asking again finishes the job).
   */
  end(phone: string, reason: PersonEndReason): Promise<void>
  close(): Promise<void>
}

const parseRequest = (message: string): EndRequest | undefined => {
  try {
    const value = JSON.parse(message) as Partial<EndRequest>
    return typeof value.id === 'string' &&
      typeof value.phone === 'string' &&
      typeof value.reason === 'string'
      ? (value as EndRequest)
      : undefined
  } catch {
    return undefined
  }
}

const parseDone = (message: string): string | undefined => {
  try {
    const value = JSON.parse(message) as { id?: unknown }
    return typeof value.id === 'string' ? value.id : undefined
  } catch {
    return undefined
  }
}

/** The asking side: an api node, or a realtime node on behalf of its process. */
export const personEndingRequester = async (
  publisher: RedisPublisher,
  subscriber: RedisSubscriber,
  timeoutMs = PERSON_ENDING_TIMEOUT_MS,
): Promise<PersonEndings> => {
  interface Waiting {
    answered: number
    /** How many nodes received the request: known once PUBLISH has answered. */
    receivers?: number
    settle(): void
  }
  const waiting = new Map<string, Waiting>()
  const check = (entry: Waiting) => {
    if (entry.receivers !== undefined && entry.answered >= entry.receivers) entry.settle()
  }
  await subscriber.subscribe(personEndingChannels.done, (message) => {
    const id = parseDone(message)
    const entry = id === undefined ? undefined : waiting.get(id)
    if (!entry) return
    entry.answered += 1
    check(entry)
  })
  return {
    async end(phone, reason) {
      const id = randomUUID()
      let timer: NodeJS.Timeout | undefined
      // Answers may come back before PUBLISH itself answers: the entry counts them from now on.
      const done = new Promise<void>((resolve, reject) => {
        const entry: Waiting = {
          answered: 0,
          settle: () => {
            waiting.delete(id)
            clearTimeout(timer)
            resolve()
          },
        }
        waiting.set(id, entry)
        timer = setTimeout(() => {
          waiting.delete(id)
          reject(new DomainError('unavailable', messages.organisation.deactivationUnconfirmed))
        }, timeoutMs)
      })
      try {
        const request: EndRequest = { id, phone, reason }
        const receivers = await publisher.publish(
          personEndingChannels.request,
          JSON.stringify(request),
        )
        const entry = waiting.get(id)
        if (entry) {
          entry.receivers = receivers
          check(entry)
        }
      } catch (error) {
        waiting.delete(id)
        clearTimeout(timer)
        throw error
      }
      await done
    },
    async close() {
      await subscriber.unsubscribe(personEndingChannels.done)
    },
  }
}

/** The answering side: a realtime node, which holds sockets. */
export const personEndingResponder = async (
  publisher: RedisPublisher,
  subscriber: RedisSubscriber,
  endHere: (phone: string, reason: PersonEndReason) => Promise<void>,
  onError: (error: unknown) => void,
): Promise<{ close(): Promise<void> }> => {
  await subscriber.subscribe(personEndingChannels.request, (message) => {
    const request = parseRequest(message)
    if (!request) return
    endHere(request.phone, request.reason)
      .then(() => publisher.publish(personEndingChannels.done, JSON.stringify({ id: request.id })))
      .catch(onError)
  })
  return {
    close: async () => {
      await subscriber.unsubscribe(personEndingChannels.request)
    },
  }
}
