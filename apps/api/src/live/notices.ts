import type { ServerToClientEvents, SessionEndedPayload } from '@palabre/contracts'
import {
  PERSON_ENDING_TIMEOUT_MS,
  personEndingRequester,
  phoneRoom,
  sessionTargetRoom,
  sessionTargetSpared,
} from '@palabre/domain'
import type { SessionTarget } from '@palabre/domain'
import { Emitter } from '@socket.io/redis-emitter'
import { createClient } from 'redis'
import type { Logger } from '../logger.js'

/**
 * The events the api sends people's sockets: the marks their posts and comments got, what they
 * saw from another tab or device, and the progress of the readers of a video they sent
 * (docs/files.md, "Proof of viewing").
 */
export type NoticeEvent =
  | 'callback'
  | 'commentCallback'
  | 'postVuFromWeb'
  | 'postSeenElsewhere'
  | 'videoViewed'
  // Announcements: to their recipients, and confirmations to their author (docs/announcements.md).
  | 'announcement'
  | 'announcementConfirmed'
  | 'announcementReminder'
  // A profile changed: to the person and those who know them (docs/realtime.md, "Profiles").
  | 'profileChanged'

/** Sends `event` to every socket of one person (or of several at once), on every node. */
export type Tell = <E extends NoticeEvent>(
  phone: string | readonly string[],
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
) => void

/**
 * What the api tells the realtime nodes, which hold the sockets:
 * - sessions that ended, so their sockets are closed at once (docs/security.md, "Sessions");
 *   the nodes also check the session on every event and sweep expired ones, so a notice that
 *   cannot be sent delays the closing, it never keeps a socket acting on an ended session;
 * - people whose every socket must close before an answer (a deactivation), waiting for each
 *   node to say it is done;
 * - marks a read over REST set, so the sender's ticks move live (docs/realtime.md, "Delivery
 *   marks"); a notice that cannot be sent leaves the mark stored, and the sender sees it at
 *   their next catch-up or reload.
 */
export interface LiveNotices {
  sessionsEnded(target: SessionTarget, reason: SessionEndedPayload['reason']): void
  /**
   * Closes every socket of one person on every realtime node; resolves once each node has done
   * so and finished the events they had in flight, rejects (503) when one does not say so in
   * time (docs/organisation.md, "Deactivation").
   */
  endPerson(phone: string, reason: SessionEndedPayload['reason']): Promise<void>
  tell: Tell
  close(): Promise<void>
}

/** The rooms of one person or several: one emission reaches them all. */
const roomsOf = (phone: string | readonly string[]): string[] =>
  typeof phone === 'string' ? [phoneRoom(phone)] : phone.map(phoneRoom)

/** The realtime server's side of an in-process pair (`pnpm start`). */
export interface RealtimeHandle {
  endSessions(target: SessionTarget, reason: SessionEndedPayload['reason']): void
  endPerson(phone: string, reason: SessionEndedPayload['reason']): Promise<void>
  tell: Tell
}

/**
 * When the api and the realtime server share one process (`pnpm start`): direct calls. The
 * realtime server starts after the api, so its handle is read at each notice.
 */
export const inProcessNotices = (realtime: () => RealtimeHandle | undefined): LiveNotices => ({
  sessionsEnded: (target, reason) => realtime()?.endSessions(target, reason),
  endPerson: async (phone, reason) => {
    await realtime()?.endPerson(phone, reason)
  },
  tell: (phone, event, payload) => realtime()?.tell(phone, event, payload),
  close: async () => {},
})

/** Nothing to tell (an api without realtime nodes): marks stay stored, sockets close on sweep. */
export const noNotices: LiveNotices = {
  sessionsEnded: () => {},
  endPerson: async () => {},
  tell: () => {},
  close: async () => {},
}

/**
 * Through Redis, as the socket.io adapter of the realtime nodes carries room operations: the
 * sockets are told, whichever node holds them.
 */
export const redisNotices = async (
  redisUrl: string,
  logger: Logger,
  { endingTimeoutMs = PERSON_ENDING_TIMEOUT_MS }: { endingTimeoutMs?: number } = {},
): Promise<LiveNotices> => {
  const client = createClient({ url: redisUrl })
  client.on('error', (err) => logger.error({ err }, 'redis (live notices) error'))
  const subscriber = client.duplicate()
  subscriber.on('error', (err) => logger.error({ err }, 'redis (person endings) error'))
  await Promise.all([client.connect(), subscriber.connect()])
  const emitter = new Emitter<ServerToClientEvents>(client)
  const endings = await personEndingRequester(client, subscriber, endingTimeoutMs)
  return {
    endPerson: (phone, reason) => endings.end(phone, reason),
    sessionsEnded(target, reason) {
      const sockets = emitter.in(sessionTargetRoom(target)).except(sessionTargetSpared(target))
      sockets.emit('sessionEnded', { reason })
      sockets.disconnectSockets(true)
    },
    tell(phone, event, payload) {
      // The emitter's typing cannot follow E through the union of event names.
      ;(emitter.to(roomsOf(phone)) as { emit(name: string, body: unknown): unknown }).emit(
        event,
        payload,
      )
    },
    close: async () => {
      await endings.close()
      await subscriber.quit()
      await client.quit()
    },
  }
}
