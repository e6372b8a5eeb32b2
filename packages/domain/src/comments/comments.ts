import { readerFilesPerPage } from '@palabre/contracts'
import { seesComment, seesEveryComment } from './audience.js'
import type { DeactivatedPeople } from '../users/deactivated.js'
import type { Comment, CommentFile } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import type { FileService } from '../files/files.js'
import type { Actor, GroupService } from '../groups/groups.js'
import { DomainError } from '../posts/domain-error.js'
import { inboxEntryModel } from '../posts/inbox-model.js'
import { postModel } from '../posts/post-model.js'
import type { PostDoc } from '../posts/post-model.js'
import { createSequencer } from '../sync/sequencer.js'
import { addComment, distributeComment, storeComment } from './add-comment.js'
import type { AddCommentInput, AddedComment } from './add-comment.js'
import {
  markCommentDelivered,
  markCommentsDeliveredOnRead,
  markCommentsSeen,
} from './comment-marks.js'
import type { DeliveredComment, SeenComments } from './comment-marks.js'
import { commentModel } from './comment-model.js'
import type { CommentDoc } from './comment-model.js'
import { presentComment, presentCommentFile } from './comment-view.js'
import { receiptModel } from './receipt-model.js'
import { freshReceipt } from './receipt-model.js'
import type { ReceiptDoc } from './receipt-model.js'

export type { AddCommentInput, AddedComment, CommentDoc, DeliveredComment, SeenComments }

export interface CommentService {
  /** Stores a comment of a participant (docs/behaviour.md, "Comments"); idempotent on idCmtEmet. */
  add(author: Actor, input: AddCommentInput): Promise<AddedComment>
  /** The two halves of add, for the realtime fan-out: the comment document, then its effects. */
  store(author: Actor, input: AddCommentInput): Promise<AddedComment>
  /** The effects of a comment `store` answered (its post and recipients as store read them). */
  distribute(added: Pick<AddedComment, 'comment' | 'post' | 'recipients'>): Promise<void>
  /** Each participant's view of a new comment, by phone (what the `comment` events carry). */
  viewsOf(added: AddedComment): Map<string, Comment>
  /** A post's thread, oldest first, for a participant (403 otherwise, 404 if missing). */
  list(viewer: string, idPostEmet: string): Promise<Comment[]>
  /** Files attached in a post's comments, newest first, 7 from an offset. */
  files(viewer: string, idPostEmet: string, offset: number, limit?: number): Promise<CommentFile[]>
  /** Recipients' sockets got the comment (a batch): delivered (2), and what to tell its author. */
  markDelivered(recipients: readonly string[], idCmtEmet: string): Promise<DeliveredComment | null>
  /** The viewer's client read these comments: delivered (2) where not yet, and whom to tell. */
  markDeliveredOnRead(viewer: string, idCmtEmets: readonly string[]): Promise<DeliveredComment[]>
  /**
   * Comments addressed to the viewer that their client has not received yet (no mark on either
   * channel), oldest first, at most `limit`: what the catch-up hands over.
   */
  undelivered(viewer: string, limit: number): Promise<Comment[]>
  markSeen(
    viewer: string,
    idPostEmet: string,
    ids: readonly string[],
    channel: 'web' | 'mobile',
  ): Promise<SeenComments[]>
}

export const createCommentService = (
  connection: Connection,
  clock: () => Date,
  groups: GroupService,
  files: Pick<FileService, 'mayAttach'>,
  deactivated: Pick<DeactivatedPeople, 'all'>,
): CommentService => {
  const Post = postModel(connection)
  const Inbox = inboxEntryModel(connection)
  const CommentModel = commentModel(connection)
  const Receipt = receiptModel(connection)
  const sequencer = createSequencer(connection)
  const marks = { Post, Comment: CommentModel, Receipt }
  const deps = {
    Post,
    Inbox,
    Comment: CommentModel,
    Receipt,
    groups,
    sequencer,
    clock,
    mayAttach: files.mayAttach,
    deactivated,
  }

  const readablePost = async (viewer: string, idPostEmet: string): Promise<PostDoc> => {
    const post = await Post.findOne({ _id: idPostEmet }).lean<PostDoc>()
    if (!post) throw new DomainError('not_found', 'This post does not exist.')
    if (!post.participants.includes(viewer))
      throw new DomainError('forbidden', 'You are not part of this conversation.')
    return post
  }

  return {
    add: (author, input) => addComment(deps, author, input),
    store: (author, input) => storeComment(deps, author, input),
    distribute: (added) => distributeComment(deps, added),

    viewsOf({ comment, post, recipients }) {
      const fresh = new Map<string, ReceiptDoc>(
        recipients.map((phone) => [phone, freshReceipt(comment, phone)]),
      )
      const concerned = [comment.emetr_phone, ...recipients]
      return new Map(concerned.map((phone) => [phone, presentComment(comment, post, phone, fresh)]))
    },

    async list(viewer, idPostEmet) {
      const post = await readablePost(viewer, idPostEmet)
      const comments = (
        await CommentModel.find({ idPostEmet })
          .sort({ dateCreation: 1, _id: 1 })
          .lean<CommentDoc[]>()
      ).filter((c) => seesComment(post, viewer, c.emetr_phone))
      const own = comments.filter((c) => c.emetr_phone === viewer).map((c) => c.idCmtEmet)
      // The viewer's own receipts, and every receipt of the comments the viewer wrote (its ticks).
      const receipts = await Receipt.find({
        $or: [
          { idPostEmet, phone: viewer },
          ...(own.length > 0 ? [{ idCmtEmet: { $in: own } }] : []),
        ],
      }).lean<ReceiptDoc[]>()
      const byComment = new Map<string, Map<string, ReceiptDoc>>()
      for (const receipt of receipts) {
        const map = byComment.get(receipt.idCmtEmet) ?? new Map<string, ReceiptDoc>()
        map.set(receipt.phone, receipt)
        byComment.set(receipt.idCmtEmet, map)
      }
      return comments.map((c) => presentComment(c, post, viewer, byComment.get(c.idCmtEmet)))
    },

    async files(viewer, idPostEmet, offset, limit = readerFilesPerPage) {
      const post = await readablePost(viewer, idPostEmet)
      // On an announcement, a recipient's files are theirs and its author's (comments/audience.ts).
      const authors = seesEveryComment(post, viewer)
        ? {}
        : { emetr_phone: { $in: [viewer, post.emetr_phone] } }
      const comments = await CommentModel.find({
        idPostEmet,
        ...authors,
        // Every kind of file; a quiz is not a file (its card opens the quiz, not the reader).
        $or: [{ image: { $gt: '' } }, { fileDocName: { $gt: '', $not: /\.poll$/ } }],
      })
        .sort({ dateCreation: -1, _id: -1 })
        .skip(offset)
        .limit(limit)
        .lean<CommentDoc[]>()
      return comments.map(presentCommentFile)
    },

    markDelivered: (recipients, idCmtEmet) => markCommentDelivered(marks, recipients, idCmtEmet),
    markDeliveredOnRead: (viewer, ids) => markCommentsDeliveredOnRead(marks, viewer, ids),

    async undelivered(viewer, limit) {
      const receipts = await Receipt.find({ phone: viewer, delivred: 0, delivredtoWeb: 0 })
        .limit(limit)
        .lean<ReceiptDoc[]>()
      if (receipts.length === 0) return []
      const [comments, posts] = await Promise.all([
        CommentModel.find({ _id: { $in: receipts.map((r) => r.idCmtEmet) } }).lean<CommentDoc[]>(),
        Post.find({ _id: { $in: [...new Set(receipts.map((r) => r.idPostEmet))] } }).lean<
          PostDoc[]
        >(),
      ])
      const postsById = new Map(posts.map((p) => [p.idPostEmet, p]))
      const own = new Map(receipts.map((r) => [r.idCmtEmet, r]))
      return comments
        .sort(
          (a, b) =>
            a.dateCreation.getTime() - b.dateCreation.getTime() ||
            a.idCmtEmet.localeCompare(b.idCmtEmet),
        )
        .flatMap((c) => {
          const post = postsById.get(c.idPostEmet)
          const receipt = own.get(c.idCmtEmet)
          return post && receipt
            ? [presentComment(c, post, viewer, new Map([[viewer, receipt]]))]
            : []
        })
    },
    markSeen: (viewer, idPostEmet, ids, channel) =>
      markCommentsSeen(marks, viewer, idPostEmet, ids, channel),
  }
}
