import { hasSeen } from '@palabre/contracts'
import type { Connection, Model } from 'mongoose'
import { isDuplicateKey } from '../database.js'
import { repairModel } from '../files/repair-model.js'
import { entryId, inboxEntryModel } from '../posts/inbox-model.js'
import type { InboxEntryDoc } from '../posts/inbox-model.js'
import { postModel } from '../posts/post-model.js'
import type { PostDoc } from '../posts/post-model.js'
import { createSequencer } from '../sync/sequencer.js'
import { commentModel } from './comment-model.js'
import type { CommentDoc } from './comment-model.js'
import { receiptId, receiptModel } from './receipt-model.js'
import type { ReceiptDoc } from './receipt-model.js'

/**
 * A post's files (docs/behaviour.md, "A post's files"): a post that said its files follow
 * (`filesFollow`) and the attachment comments its author writes before anyone else comments are
 * one message. The rule's one home: the decision as a comment is stored, and the repair of
 * comments stored before it.
 */

type Attachment = Pick<CommentDoc, 'image' | 'fileDocName'>

const carriesFile = (comment: Attachment): boolean =>
  comment.image !== '' || comment.fileDocName !== ''

/**
 * Whether a new comment is one of its post's own files: the post said its files follow, the
 * comment carries one and its author wrote the post. A comment of anyone else ends that before
 * it is stored: the post's document decides, in the order its writes land, which files came
 * before the first other comment.
 */
export const isPostsOwnFile = async (
  Post: Model<PostDoc>,
  post: PostDoc,
  author: string,
  comment: Attachment,
): Promise<boolean> => {
  if (post.filesFollow !== true) return false
  if (author !== post.emetr_phone) {
    await Post.updateOne({ _id: post._id, filesFollow: true }, { $unset: { filesFollow: 1 } })
    return false
  }
  return carriesFile(comment)
}

/** The repair's name among the start-up repairs that ran (`repairs`). */
const POST_FILES_JOINED = 'post-files-joined'

/**
 * Before posts kept `pieceJointSMS`, a post's files are its author's attachment comments
 * written within this long of it (the original client sends them 3 s after it, the web as soon
 * as it is stored) and before anyone else's comment.
 */
export const EARLIER_FILES_WITHIN_MS = 60_000

/** Attachment comments read per batch. */
const BATCH = 500

export interface JoinedPostFiles {
  /** Comments that became their post's own. */
  joined: number
  /** Unread counts lowered by one. */
  lowered: number
}

/**
 * Joins to their posts, once per database and in the background as the api starts, the files
 * stored before the rule: each comment stored before it starts that carries a file, by its
 * post's author within a minute of the post and before any comment of someone else, becomes the
 * post's own (`partOfPost`), and each recipient who had not seen it has their unread count
 * lowered by one (never below 0) with a new sequence, the post no longer unread once nothing
 * else is. Each comment is marked first and lowered after, only where the mark was new, so a
 * repeat after a crash lowers nothing twice (a crash between the two leaves a count one high,
 * which opening the post clears). A mark in `repairs` says it ran to its end.
 */
export const joinEarlierPostFiles = async (
  connection: Connection,
  clock: () => Date,
): Promise<JoinedPostFiles> => {
  const before = clock()
  const Repair = repairModel(connection)
  const done = { joined: 0, lowered: 0 }
  if (await Repair.exists({ _id: POST_FILES_JOINED })) return done
  const Post = postModel(connection)
  const Comment = commentModel(connection)
  const Receipt = receiptModel(connection)
  const Inbox = inboxEntryModel(connection)
  const sequencer = createSequencer(connection)
  // Each of the two attachment fields through its own index, in key order, a batch at a time.
  for (const field of ['image', 'fileDocName'] as const) {
    let after = ''
    for (;;) {
      const batch = await Comment.find({
        [field]: { $gt: '' },
        _id: { $gt: after },
        dateCreation: { $lt: before },
        partOfPost: { $ne: true },
      })
        .sort({ _id: 1 })
        .limit(BATCH)
        .select({ idPostEmet: 1, emetr_phone: 1, dateCreation: 1 })
        .lean<Pick<CommentDoc, '_id' | 'idPostEmet' | 'emetr_phone' | 'dateCreation'>[]>()
      if (batch.length === 0) break
      after = batch[batch.length - 1]!._id
      const posts = new Map(
        (
          await Post.find({ _id: { $in: [...new Set(batch.map((c) => c.idPostEmet))] } })
            .select({ emetr_phone: 1, dateCreation: 1, participants: 1 })
            .lean<Pick<PostDoc, '_id' | 'emetr_phone' | 'dateCreation' | 'participants'>[]>()
        ).map((post) => [post._id, post]),
      )
      for (const comment of batch) {
        const post = posts.get(comment.idPostEmet)
        if (!post || comment.emetr_phone !== post.emetr_phone) continue
        const lateBy = comment.dateCreation.getTime() - post.dateCreation.getTime()
        if (lateBy > EARLIER_FILES_WITHIN_MS) continue
        const otherFirst = await Comment.exists({
          idPostEmet: post._id,
          dateCreation: { $lt: comment.dateCreation },
          emetr_phone: { $ne: post.emetr_phone },
        })
        if (otherFirst) continue
        const marked = await Comment.updateOne(
          { _id: comment._id, partOfPost: { $ne: true } },
          { $set: { partOfPost: true } },
        )
        if (marked.modifiedCount === 0) continue
        done.joined += 1
        done.lowered += await lowerUnread(
          { Receipt, Inbox, sequencer, clock },
          comment,
          post.participants.filter((phone) => phone !== post.emetr_phone),
        )
      }
    }
  }
  await Repair.create({ _id: POST_FILES_JOINED, doneAt: clock() }).catch((error: unknown) => {
    if (!isDuplicateKey(error)) throw error
  })
  return done
}

/**
 * The recipients who had not seen a comment that has just become its post's own get their
 * unread count one lower (never below 0), with a new sequence so their tabs catch up; the post
 * stays unread for them only while it is new to them or other comments are unread. Returns how
 * many counts went down.
 */
const lowerUnread = async (
  deps: {
    Receipt: Model<ReceiptDoc>
    Inbox: Model<InboxEntryDoc>
    sequencer: ReturnType<typeof createSequencer>
    clock: () => Date
  },
  comment: Pick<CommentDoc, '_id' | 'idPostEmet'>,
  recipients: readonly string[],
): Promise<number> => {
  if (recipients.length === 0) return 0
  const receipts = await deps.Receipt.find({
    _id: { $in: recipients.map((phone) => receiptId(comment._id, phone)) },
  })
    .select({ phone: 1, delivred: 1, delivredtoWeb: 1 })
    .lean<Pick<ReceiptDoc, 'phone' | 'delivred' | 'delivredtoWeb'>[]>()
  const unseen = receipts.filter((receipt) => !hasSeen(receipt)).map((r) => r.phone)
  let lowered = 0
  for (const phone of unseen) {
    const _id = entryId(comment.idPostEmet, phone)
    const seq = await deps.sequencer.next(phone)
    const entry = await deps.Inbox.findOneAndUpdate(
      { _id, cmtnonlu: { $gt: 0 } },
      { $inc: { cmtnonlu: -1 }, $max: { seq, seqAt: deps.clock() } },
      { new: true },
    ).lean<InboxEntryDoc>()
    if (!entry) continue
    lowered += 1
    if (entry.cmtnonlu === 0 && (entry.role === 'sender' || hasSeen(entry)))
      await deps.Inbox.updateOne({ _id, cmtnonlu: 0 }, { $set: { unread: false } })
  }
  return lowered
}
