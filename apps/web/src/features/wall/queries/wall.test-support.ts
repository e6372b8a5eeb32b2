/**
 * Test helpers of the wall's data layer (post cache, outbox, sender, catch-up, live events).
 * Imported by test files only: nothing of the app imports it, so it is never bundled.
 */
import type {
  Comment,
  Group,
  PostData,
  Recipient,
  ServerToClientEvents,
  UserProfile,
} from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { vi } from 'vitest'
import { createQueryClient } from '../../../lib/query-client'
import type { WallSocket } from '../live/socket'
import { toCommentView, type CommentView } from './view-models'

/** The signed-in person, and the people around them. */
export const viewer = '33600000001'
export const alice = '33600000002'
export const bob = '33600000003'
export const carol = '33600000004'

export const profile: UserProfile = { nomPrenom: 'Viewer Name', phone: viewer, mail: 'v@x.fr' }

/** An ISO date `minutes` after 2024-03-05 10:00 UTC. */
export const at = (minutes: number): string =>
  new Date(Date.UTC(2024, 2, 5, 10, minutes)).toISOString()

export const recipient = (phone: string, extra: Partial<Recipient> = {}): Recipient => ({
  name: `Name ${phone}`,
  phone,
  delivred: 0,
  delivredtoWeb: 0,
  cmtnonluDestPost: 0,
  ...extra,
})

export interface PostSpec {
  id: string
  /** The sender; alice unless told. */
  from?: string
  /** The recipients' phones; the viewer unless told. */
  to?: readonly string[]
  /** Folder ids. */
  groups?: readonly string[]
  /** The last activity, in minutes after 10:00 (also the creation date). */
  minute?: number
  seq?: number
  cmtnonlu?: number
  totalcmt?: number
  text?: string
}

/** A post item as the server sends it. */
export const post = (spec: PostSpec): PostData => {
  const date = at(spec.minute ?? 0)
  return {
    data: {
      emetr_name: `Name ${spec.from ?? alice}`,
      emetr_phone: spec.from ?? alice,
      text: spec.text ?? `Text of ${spec.id}`,
      typePoste: '0',
      idPostEmet: spec.id,
      cmtnonluEmetPost: 0,
      totalcmt: spec.totalcmt ?? 0,
      dateLastEvent: date,
      dateCreation: date,
      destinataires: (spec.to ?? [viewer]).map((phone) => recipient(phone)),
      groups: (spec.groups ?? []).map((idGroup) => ({ idGroup, name: `Folder ${idGroup}` })),
    },
    cmtnonlu: spec.cmtnonlu ?? 0,
    delivred: 0,
    delivredtoWeb: 0,
    tagstatus: 'true',
    seq: spec.seq ?? 1,
  }
}

/**
 * An announcement as the server sends it (docs/wall.md, "Announcements"): no recipient named,
 * how many it went to, and for a recipient when they confirmed it (null while pinned).
 */
export const announcementPost = (
  spec: Omit<PostSpec, 'to'> & {
    recipients?: number
    confirmedAt?: string | null
    /** For its author: how many confirmed (absent: an answer without the count). */
    confirmed?: number
  },
): PostData => {
  const base = post({ ...spec, to: [] })
  const mine = (spec.from ?? alice) === viewer
  return {
    ...base,
    data: {
      ...base.data,
      typePoste: 'announcement',
      announcement: {
        recipients: spec.recipients ?? 2,
        ...(mine
          ? spec.confirmed === undefined
            ? {}
            : { confirmed: spec.confirmed }
          : { confirmedAt: spec.confirmedAt ?? null }),
      },
    },
  }
}

/** `count` posts p<from>..., each one minute older than the one before, newest first. */
export const posts = (count: number, from = 0, newest = 100): PostData[] =>
  Array.from({ length: count }, (_, i) =>
    post({ id: `p${from + i}`, minute: newest - from - i, seq: from + i + 1 }),
  )

export const ids = (list: readonly PostData[] | undefined): string[] =>
  (list ?? []).map((p) => p.data.idPostEmet)

export interface CommentSpec {
  id: string
  postId: string
  from?: string
  to?: readonly string[]
  minute?: number
  text?: string
}

export const comment = (spec: CommentSpec): Comment => ({
  type: '3',
  data: {
    emetr_name: `Name ${spec.from ?? alice}`,
    emetr_phone: spec.from ?? alice,
    cmt: spec.text ?? `Comment ${spec.id}`,
    image: '',
    fileDocName: '',
    idPostEmet: spec.postId,
    idCmtEmet: spec.id,
    dateCreation: at(spec.minute ?? 0),
    destinataires: (spec.to ?? [viewer]).map((phone) => recipient(phone)),
  },
  tagcmtstatut: '0',
})

/** The same comment as the discussion shows it (docs/wall.md, "View models"). */
export const commentView = (spec: CommentSpec): CommentView => toCommentView(comment(spec))

export const folder = (idGroup: string, extra: Partial<Group> = {}): Group => ({
  nomGroup: `Folder ${idGroup}`,
  idGroup,
  participants: [],
  nbrParticipants: 0,
  nbrNotifNonLu: 0,
  datecreation: at(0),
  datelastevent: at(0),
  noName: '0',
  ...extra,
})

export const newClient = (): QueryClient => createQueryClient()

/** Whether the query under `key` was marked stale by an invalidation. */
export const invalidated = (client: QueryClient, key: readonly unknown[]): boolean =>
  client.getQueryState(key)?.isInvalidated === true

/** Lets pending promise callbacks run (real timers). */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

type Handler = (...args: unknown[]) => void

/** One `timeout(ms).emitWithAck(event, payload)` the fake socket received. */
export interface AckedEmit {
  event: string
  payload: unknown
  timeoutMs: number
  /** Answers it, as the server's acknowledgement would. */
  answer: (value: unknown) => void
  answered: boolean
}

/**
 * A stand-in for the socket.io client: the parts the wall uses. `timeout(ms).emitWithAck`
 * rejects after `ms` like socket.io does when no acknowledgement comes; `respond`, when set,
 * answers each acked emit at once (return undefined to leave it unanswered).
 */
export class FakeSocket {
  readonly handlers = new Map<string, Handler[]>()
  /** Plain emits (no acknowledgement expected): event name and arguments. */
  readonly emitted: { event: string; args: unknown[] }[] = []
  readonly acked: AckedEmit[] = []
  respond: ((event: string, payload: unknown) => unknown) | undefined
  /** Whether the connection is up, as socket.io's `connected` says. */
  connected = true
  private readonly failures = new Map<AckedEmit, (error: Error) => void>()

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler])
    return this
  }

  off(event?: string, handler?: Handler): this {
    if (event === undefined) this.handlers.clear()
    else if (handler === undefined) this.handlers.delete(event)
    else
      this.handlers.set(
        event,
        (this.handlers.get(event) ?? []).filter((h) => h !== handler),
      )
    return this
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args })
    return this
  }

  timeout(timeoutMs: number) {
    return {
      emitWithAck: (event: string, payload: unknown): Promise<unknown> =>
        new Promise((resolve, reject) => {
          const fail = (error: Error) => {
            if (entry.answered) return
            entry.answered = true
            clearTimeout(timer)
            reject(error)
          }
          const timer = setTimeout(() => fail(new Error('operation has timed out')), timeoutMs)
          const entry: AckedEmit = {
            event,
            payload,
            timeoutMs,
            answered: false,
            answer: (value) => {
              if (entry.answered) return
              entry.answered = true
              clearTimeout(timer)
              resolve(value)
            },
          }
          this.acked.push(entry)
          this.failures.set(entry, fail)
          const answer = this.respond?.(event, payload)
          if (answer !== undefined) entry.answer(answer)
        }),
    }
  }

  /**
   * The connection drops: as socket.io does, every acknowledgement still awaited fails at once
   * (it will never come). `connected = true` brings it back.
   */
  drop(): void {
    this.connected = false
    for (const fail of this.failures.values()) fail(new Error('socket has been disconnected'))
    this.failures.clear()
  }

  /** The server sends `event`: every handler runs; returns what they acknowledged. */
  fire<E extends keyof ServerToClientEvents>(
    event: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): unknown[] {
    const acks: unknown[] = []
    for (const handler of this.handlers.get(event) ?? [])
      handler(payload, (answer: unknown) => acks.push(answer))
    return acks
  }

  listenerCount(event: string): number {
    return this.handlers.get(event)?.length ?? 0
  }

  /** The one cast of the tests: the fake is used where the app expects its socket. */
  asSocket(): WallSocket {
    return this as unknown as WallSocket
  }
}

/** A JSON answer of the server. */
export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })

/**
 * Stubs `fetch` for `callRoute`: `answer` gets the called URL (path and query) and returns the
 * response. Restore with `vi.unstubAllGlobals()`.
 */
export const stubFetch = (answer: (url: string) => Response | Promise<Response>) => {
  const fetchMock = vi.fn((input: RequestInfo | URL) =>
    Promise.resolve(answer(typeof input === 'string' ? input : input.toString())),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}
