import {
  messages,
  postsRoutes,
  type Comment,
  type PostData,
  type UserProfile,
} from '@palabre/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { callRoute } from '../../../lib/api-client'
import { findPost, placePost, putComment, recount, withNewComment } from '../queries/post-cache'
import { emitAcked, type EmitOutcome } from './emit'
import { withHigherMarks } from './marks'
import { newComment } from '../discussion/new-comment'
import type { Outbox, OutboxItem } from './outbox'
import type { WallSocket } from './socket'

export interface SenderDeps {
  profile: UserProfile
  socket: WallSocket
  outbox: Outbox
  client: QueryClient
  phone: string
  /** A refusal the person should read (the server's message, or 'Failed to send'). */
  onRefused: (message: string) => void
}

/**
 * Sends what the outbox holds and settles each item on its acknowledgement (docs/wall.md,
 * "Sending"): stored → leaves the outbox and takes its place in the wall; refused or unanswered
 * → stays, marked failed, with 'Resend'; throttled → retried by itself after the delay the
 * server gave. A resend re-emits the same ids, so the server never stores an item twice.
 */
export const createSender = (deps: SenderDeps) => {
  const { socket, outbox, client, phone } = deps
  const inFlight = new Set<string>()
  const timers = new Map<string, ReturnType<typeof setTimeout>>()

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
      void (async () => {
        for (const comment of comments) await send(comment.id)
      })()
      // The server's view carries the folders' members and their marks: take it.
      try {
        const fresh = await callRoute(postsRoutes.getPost, { params: { idPost: item.id } })
        const known = findPost(client, phone, item.id)
        placePost(client, phone, known ? withHigherMarks(fresh, known) : fresh, { toTop: false })
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

  const settle = async (item: OutboxItem, outcome: EmitOutcome) => {
    if (outcome.kind === 'stored') return stored(item)
    if (outcome.kind === 'throttled') {
      outbox.setState(item.id, 'throttled')
      timers.set(
        item.id,
        setTimeout(() => {
          timers.delete(item.id)
          void send(item.id)
        }, outcome.retryAfterMs),
      )
      return
    }
    outbox.setState(item.id, 'failed')
    deps.onRefused(
      outcome.kind === 'refused' && outcome.error.message !== ''
        ? outcome.error.message
        : messages.message.failedToSend,
    )
  }

  /** Emits one outbox item (again). Ignored while the same item is already on its way. */
  const send = async (id: string): Promise<void> => {
    const item = outbox.get(id)
    if (!item || inFlight.has(id)) return
    // Sent again before its retry: that retry is void, the next answer sets a new one.
    clearTimeout(timers.get(id))
    timers.delete(id)
    inFlight.add(id)
    outbox.setState(id, 'pending')
    try {
      const event = item.kind === 'post' ? 'message' : 'comment'
      await settle(item, await emitAcked(socket, event, item.payload))
    } finally {
      inFlight.delete(id)
    }
  }

  /** Queues a new item and sends it: it shows at once, pending. */
  const submit = (item: OutboxItem): Promise<void> => {
    outbox.put({ ...item, state: 'pending' })
    return send(item.id)
  }

  return {
    submit,
    resend: send,
    /** After a reload or a reconnect: items that were on their way go again. */
    resumePending(): void {
      for (const item of outbox.snapshot())
        if (item.state === 'pending' || item.state === 'throttled') void send(item.id)
    },
    stop(): void {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}

export type Sender = ReturnType<typeof createSender>
