import type { PostData } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import type { ReachRules } from '../contacts/reach.js'
import type { Actor, GroupService } from '../groups/groups.js'
import { createSequencer } from '../sync/sequencer.js'
import { DomainError } from './domain-error.js'
import { entryId, inboxEntryModel } from './inbox-model.js'
import type { InboxEntryDoc } from './inbox-model.js'
import {
  markDelivered,
  markDeliveredMany,
  markDeliveredOnRead,
  markSeen,
  resetUnread,
} from './post-marks.js'
import type { Received } from './post-marks.js'
import type { DeliveredChange, MarkChange } from './post-marks.js'
import { postModel } from './post-model.js'
import { readPosts } from './post-reader.js'
import type { PostDoc } from './post-model.js'
import { presentPost } from './post-view.js'
import { distributePost, provisionalEntries, sendPost, storePost } from './send-post.js'
import type { SendPostInput, SentPost, StoredPost } from './send-post.js'
import { countWall, readWallPage } from './wall.js'
import { wallCountModel } from './wall-counts.js'
import type { WallQuery, WallScope } from './wall.js'

export type {
  DeliveredChange,
  MarkChange,
  PostDoc,
  InboxEntryDoc,
  SendPostInput,
  SentPost,
  StoredPost,
  WallQuery,
  WallScope,
}

export interface PostService {
  /** Persists a post and one inbox entry per participant; idempotent on idPostEmet. */
  send(sender: Actor, input: SendPostInput): Promise<SentPost>
  /**
   * The two halves of send, for the realtime fan-out: the post document (the commit point, with
   * every check and the folder rule), then its entries (idempotent, completes a half-written post).
   */
  store(sender: Actor, input: SendPostInput): Promise<StoredPost>
  /** `written` is told once the entries are in the database, before they are counted. */
  distribute(
    stored: Pick<StoredPost, 'post' | 'status'>,
    written?: () => void,
  ): Promise<InboxEntryDoc[]>
  /** Each participant's view before the entries are written: sequence 0, no marks yet. */
  provisionalViewsOf(post: PostDoc): Map<string, PostData>
  /**
   * Each participant's view of a sent post, by phone (what the `message` events carry); only
   * those of `phones` when given (a folder post's 201 views each list its 200 recipients).
   */
  viewsOf(
    sent: Pick<SentPost, 'post' | 'entries'>,
    phones?: readonly string[],
  ): Map<string, PostData>
  count(viewer: string, query: WallQuery): Promise<number>
  page(viewer: string, query: WallQuery, pageIndex: number): Promise<PostData[]>
  /** The post as the viewer sees it (docs/behaviour.md, "Posts"), or null unless they take part in it. */
  view(viewer: string, idPostEmet: string): Promise<PostData | null>
  /** The post, if the viewer takes part in it (sender or recipient). */
  readable(viewer: string, idPostEmet: string): Promise<PostDoc | null>
  /** Recipients' sockets got the post (delivred 2); batched, see post-marks. */
  /**
   * The recipients of several posts received them (a node's acknowledgements of a few
   * milliseconds): marked together (docs/realtime.md, "Delivery marks").
   */
  markDeliveredMany(batch: readonly Received[]): Promise<DeliveredChange[]>
  /** One post's batch (markDeliveredMany of one). */
  markDelivered(recipients: readonly string[], idPostEmet: string): Promise<DeliveredChange | null>
  /** The viewer's client read these posts: delivered (2) where not yet, and whom to tell. */
  markDeliveredOnRead(viewer: string, idPostEmets: readonly string[]): Promise<DeliveredChange[]>
  markSeen(
    viewer: string,
    idPostEmet: string,
    channel: 'web' | 'mobile',
  ): Promise<MarkChange | null>
  resetUnread(viewer: string, idPostEmet: string): Promise<void>
}

export const createPostService = (
  connection: Connection,
  clock: () => Date,
  { groups, rules }: { groups: GroupService; rules: ReachRules },
): PostService => {
  const Post = postModel(connection)
  const Inbox = inboxEntryModel(connection)
  const WallCount = wallCountModel(connection)
  const sequencer = createSequencer(connection)
  const sending = { Post, Inbox, groups, sequencer, clock, rules }
  const marks = { Post, Inbox, sequencer, clock }

  const assertScope = async (viewer: string, scope: WallScope) => {
    // A folder wall is for its current members (a user who left no longer lists it).
    if (scope.kind === 'group' && !(await groups.isMemberOfAny(viewer, [scope.idGroup])))
      throw new DomainError('forbidden', 'You are not a member of this folder.')
  }

  const viewsOf = (
    { post, entries }: Pick<SentPost, 'post' | 'entries'>,
    phones?: readonly string[],
  ) => {
    const byPhone = new Map(entries.map((e) => [e.phone, e]))
    const shown = phones ? entries.filter((e) => phones.includes(e.phone)) : entries
    return new Map(
      shown.map((e) => [e.phone, presentPost(post, e, e.role === 'sender' ? byPhone : undefined)]),
    )
  }

  return {
    send: (sender, input) => sendPost(sending, sender, input),
    store: (sender, input) => storePost(sending, sender, input),
    distribute: (stored, written) =>
      distributePost({ Inbox, sequencer, groups, clock }, stored, written),

    viewsOf,

    provisionalViewsOf(post) {
      // Before any mark or sequence, every recipient's view is the same: built once, shared.
      const [senderEntry, recipientEntry] = provisionalEntries({
        ...post,
        participants: post.participants.slice(0, 2),
      })
      const views = new Map<string, PostData>()
      if (!senderEntry) return views
      views.set(post.emetr_phone, presentPost(post, senderEntry))
      if (recipientEntry) {
        const shared = presentPost(post, recipientEntry)
        for (const phone of post.participants.slice(1)) views.set(phone, shared)
      }
      return views
    },

    async count(viewer, query) {
      await assertScope(viewer, query.scope)
      return countWall(Post, Inbox, WallCount, viewer, query)
    },

    async page(viewer, query, pageIndex) {
      await assertScope(viewer, query.scope)
      return readWallPage(Post, Inbox, viewer, query, pageIndex)
    },

    async view(viewer, idPostEmet) {
      const entry = await Inbox.findOne({ _id: entryId(idPostEmet, viewer) }).lean<InboxEntryDoc>()
      if (!entry) return null
      const [post] = await readPosts(Post, Inbox, [entry])
      return post ?? null
    },

    async readable(viewer, idPostEmet) {
      const post = await Post.findOne({ _id: idPostEmet }).lean<PostDoc>()
      return post?.participants.includes(viewer) ? post : null
    },

    markDeliveredMany: (batch) => markDeliveredMany(marks, batch),
    markDelivered: (recipients, idPostEmet) => markDelivered(marks, recipients, idPostEmet),
    markDeliveredOnRead: (viewer, ids) => markDeliveredOnRead(marks, viewer, ids),
    markSeen: (viewer, idPostEmet, channel) => markSeen(marks, viewer, idPostEmet, channel),
    resetUnread: (viewer, idPostEmet) => resetUnread(marks, viewer, idPostEmet),
  }
}
