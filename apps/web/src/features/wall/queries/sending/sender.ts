import {
  messages,
  postsRoutes,
  type Comment,
  type PostData,
  type UserProfile,
} from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { callRoute } from '../../../../lib/api-client'
import { ACK_TIMEOUT_MS, emitAcked, type EmitOutcome } from '../../live/emit'
import type { WallSocket } from '../../live/socket'
import type { SendState } from '../../model/types'
import { findPost, placePost, putComment, recount, withNewComment } from '../post-cache'
import { newComment } from './new-comment'
import { claimedElsewhere, tabId, type Outbox, type OutboxItem } from './outbox'

export interface SenderDeps {
  profile: UserProfile
  socket: WallSocket
  outbox: Outbox
  client: QueryClient
  phone: string
  /** A refusal the person should read (the server's message, or 'Failed to send'). */
  onRefused: (message: string) => void
  /** This tab's name in the outbox's claims; `tabId()` unless a test names it. */
  tab?: string
}

/** How long a tab's claim on the item it emits holds: the wait for an answer, and a margin. */
export const CLAIM_MS = ACK_TIMEOUT_MS + 5_000

/**
 * What goes one after the other: a post alone; the comments of one post in the order they were
 * written, since the server dates a comment when it stores it (docs/wall.md, "Attachments").
 */
const chainOf = (item: OutboxItem): string =>
  item.kind === 'post' ? `post:${item.id}` : `comments:${item.postId}`

/** What a connection sends again: everything unsent but what the server refused. */
const resumable = (state: SendState): boolean =>
  state === 'pending' || state === 'waiting' || state === 'throttled'

/**
 * Sends what the outbox holds and settles each item on its acknowledgement (docs/wall.md,
 * "Sending"): stored → leaves the outbox and takes its place in the wall; refused → stays,
 * marked failed, with 'Resend'; throttled → goes again by itself after the delay the server
 * gave; unanswered (the socket was down, or the server did not answer in time) → waits, and
 * goes again by itself on the next connection, as does whatever a reloaded page finds unsent.
 * Every emit of an item carries its own ids, so the server never stores it twice.
 */
export const createSender = (deps: SenderDeps) => {
  const { socket, outbox, client, phone } = deps
  const tab = deps.tab ?? tabId()
  /** The emit of each item on its way: asking to send it again joins it. */
  const inFlight = new Map<string, Promise<SendState | undefined>>()
  const timers = new Map<string, ReturnType<typeof setTimeout>>()
  /** Connections so far: an emit that outlived one was skipped by that connection's resume. */
  let connections = 0
  let stopped = false

  /** Runs `run` after `delayMs`, instead of whatever was due for the same item. */
  const later = (id: string, delayMs: number, run: () => void) => {
    clearTimeout(timers.get(id))
    timers.set(
      id,
      setTimeout(() => {
        timers.delete(id)
        run()
      }, delayMs),
    )
  }

  const stored = async (sentItem: OutboxItem) => {
    // Marks may have come while it was on its way (a recipient's receipt can beat the author's
    // acknowledgement): the outbox holds them.
    const item = outbox.get(sentItem.id) ?? sentItem
    outbox.remove(item.id)
    if (item.kind === 'post') {
      const sent: PostData = { ...item.view, tagstatus: 'true' }
      delete (sent as { sendState?: unknown }).sendState
      placePost(client, phone, sent, { toTop: true })
      void recount(client, phone)
      // Its files, as soon as the post is stored, in the order chosen (docs/wall.md,
      // "Attachments"): each its own comment, with the id chosen with the post, so that sending
      // one again never stores it twice. One after the other: the server dates a comment when
      // it stores it, and handles a socket's events concurrently. Dates a millisecond apart
      // keep their order on screen until then.
      const start = Date.now()
      const comments = (item.attachments ?? []).map(({ idCmtEmet, image, fileDocName }, index) =>
        newComment(
          deps.profile,
          sent,
          { text: '', image, fileDocName },
          { id: idCmtEmet, dateCreation: new Date(start + index).toISOString() },
        ),
      )
      // All in the outbox at once, so a reload part-way loses none of them.
      for (const comment of comments) outbox.put({ ...comment, state: 'pending' })
      void sendInOrder(comments.map((comment) => comment.id))
      // The server's view carries the folders' members and their marks: take it (placing it
      // keeps any higher mark heard meanwhile, see queries/keep-marks.ts).
      try {
        const fresh = await callRoute(postsRoutes.getPost, { params: { idPost: item.id } })
        placePost(client, phone, fresh, { toTop: false })
      } catch {
        // The optimistic view stays until the next reload of the page.
      }
    } else {
      const status = item.view.tagcmtstatut
      const comment: Comment = {
        ...item.view,
        tagcmtstatut: status === undefined || status === '' ? '0' : status,
      }
      delete (comment as { sendState?: unknown }).sendState
      putComment(client, phone, comment)
      const post = findPost(client, phone, item.postId)
      if (post) placePost(client, phone, withNewComment(post, comment, false), { toTop: true })
    }
  }

  const settle = async (item: OutboxItem, outcome: EmitOutcome): Promise<SendState> => {
    switch (outcome.kind) {
      case 'stored':
        await stored(item)
        return 'sent'
      case 'throttled':
        outbox.setState(item.id, 'throttled')
        later(item.id, outcome.retryAfterMs, () => void send(item.id))
        return 'throttled'
      case 'unanswered':
        // No refusal (it may even be stored): it goes again with the same ids once connected.
        outbox.setState(item.id, 'waiting')
        return 'waiting'
      case 'refused':
        outbox.setState(item.id, 'failed')
        deps.onRefused(
          outcome.error.message !== '' ? outcome.error.message : messages.message.failedToSend,
        )
        return 'failed'
    }
  }

  const emitUntilAnswered = async (id: string): Promise<SendState | undefined> => {
    for (;;) {
      const item = outbox.get(id)
      // Gone: another tab heard it stored.
      if (!item) return undefined
      const since = connections
      outbox.claim(id, tab, Date.now() + CLAIM_MS)
      const event = item.kind === 'post' ? 'message' : 'comment'
      const outcome = await emitAcked(socket, event, item.payload)
      // The socket came back while this emit was on its way, and that connection's resume left
      // it to this emit: go again now rather than wait for yet another connection.
      if (outcome.kind === 'unanswered' && connections !== since && socket.connected && !stopped)
        continue
      return settle(item, outcome)
    }
  }

  /**
   * Emits one outbox item (again) and resolves with where it then stands. Never twice at once:
   * while the item is on its way, this joins that emit.
   */
  const send = (id: string): Promise<SendState | undefined> => {
    const running = inFlight.get(id)
    if (running) return running
    if (stopped || !outbox.get(id)) return Promise.resolve(undefined)
    // Sent again before its retry: that retry is void, the next answer sets a new one.
    clearTimeout(timers.get(id))
    timers.delete(id)
    const run = emitUntilAnswered(id).finally(() => inFlight.delete(id))
    inFlight.set(id, run)
    return run
  }

  /**
   * Sends items one after the other, each once the one before it is answered. Stops at one that
   * got no answer (the rest wait with it for the next connection), and at one another tab is
   * sending (that tab goes on; this one looks again when its claim runs out).
   */
  const sendInOrder = async (ids: readonly string[]): Promise<void> => {
    for (const [index, id] of ids.entries()) {
      const item = outbox.get(id)
      if (!item || item.state === 'failed') continue
      if (!inFlight.has(id) && claimedElsewhere(item, tab)) {
        const delay = (item.claim?.until ?? 0) - Date.now()
        later(id, delay, () => {
          if (socket.connected) resume(chainOf(item))
        })
        return
      }
      if ((await send(id)) !== 'waiting') continue
      for (const rest of ids.slice(index + 1)) {
        const next = outbox.get(rest)
        if (next?.state === 'pending' && !inFlight.has(rest) && !claimedElsewhere(next, tab))
          outbox.setState(rest, 'waiting')
      }
      return
    }
  }

  /** Sends again everything unsent but refused, of one chain or of all, chains side by side. */
  const resume = (chain?: string): void => {
    const chains = new Map<string, string[]>()
    for (const item of outbox.snapshot()) {
      const key = chainOf(item)
      if (resumable(item.state) && (chain === undefined || key === chain))
        chains.set(key, [...(chains.get(key) ?? []), item.id])
    }
    for (const ids of chains.values()) void sendInOrder(ids)
  }

  /**
   * Queues a new item and sends it: it shows at once, pending. A comment written while others of
   * the same post are still unsent goes after them.
   */
  const submit = async (item: OutboxItem): Promise<SendState | undefined> => {
    outbox.put({ ...item, state: 'pending' })
    const chain = chainOf(item)
    const before = outbox
      .snapshot()
      .filter((i) => i.id !== item.id && chainOf(i) === chain && resumable(i.state))
    if (before.length === 0) return send(item.id)
    await sendInOrder([...before.map((i) => i.id), item.id])
    return outbox.get(item.id)?.state ?? 'sent'
  }

  return {
    submit,
    /** Resend: the person asks again for an item the server refused. */
    resend: send,
    /**
     * On every connection (the first one after a reload too): whatever is unsent and was not
     * refused goes again by itself.
     */
    resumePending(): void {
      connections += 1
      resume()
    },
    stop(): void {
      stopped = true
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}

export type Sender = ReturnType<typeof createSender>
