import { messages } from '@palabre/contracts'
import type { Model } from 'mongoose'
import type { Actor, GroupService } from '../groups/groups.js'
import { DomainError } from '../posts/domain-error.js'
import type { InboxEntryDoc } from '../posts/inbox-model.js'
import type { PostDoc } from '../posts/post-model.js'
import { entriesFor, insertEntries } from '../posts/send-post.js'
import type { DeactivatedPeople } from '../users/deactivated.js'
import type { Sequencer } from '../sync/sequencer.js'
import type { CommentDoc } from './comment-model.js'
import { commentRecipients } from './audience.js'
import { isPostsOwnFile } from './post-files.js'
import { freshReceipt } from './receipt-model.js'
import type { ReceiptDoc } from './receipt-model.js'
import { isDuplicateKey, isOnlyDuplicates } from '../database.js'

export interface AddCommentInput {
  idCmtEmet: string
  idPostEmet: string
  cmt: string
  image: string
  fileDocName: string
  type: '3' | '1'
  app_id?: string | undefined
}

export interface AddedComment {
  /** 'duplicate': this idCmtEmet was already stored; nothing new was written. */
  status: 'created' | 'duplicate'
  comment: CommentDoc
  post: PostDoc
  /** Every participant of the post but the author and the deactivated. */
  recipients: string[]
}

export interface AddCommentDeps {
  Post: Model<PostDoc>
  Inbox: Model<InboxEntryDoc>
  Comment: Model<CommentDoc>
  Receipt: Model<ReceiptDoc>
  groups: GroupService
  sequencer: Sequencer
  clock: () => Date
  /** Whether the author may put this file or quiz in a conversation: one they can read. */
  mayAttach: (author: string, name: string) => Promise<boolean>
  /** A new comment reaches no deactivated person (docs/organisation.md, "Deactivation"). */
  deactivated: Pick<DeactivatedPeople, 'all'>
}

/**
 * Discussion rights (docs/behaviour.md, "Comments"): only a post's participants comment, and on a post with
 * folders only current members of one of them.
 */
const assertMayComment = async (
  groups: GroupService,
  post: PostDoc | null,
  author: string,
): Promise<PostDoc> => {
  if (!post) throw new DomainError('not_found', 'This post does not exist.')
  if (!post.participants.includes(author))
    throw new DomainError('forbidden', 'You are not part of this conversation.')
  const folderIds = post.groups.map((g) => g.idGroup)
  if (folderIds.length > 0 && !(await groups.isMemberOfAny(author, folderIds)))
    throw new DomainError('forbidden', messages.discussion.cannotSend)
  return post
}

const duplicateOf = async (
  deps: AddCommentDeps,
  existing: CommentDoc,
  author: string,
): Promise<AddedComment> => {
  if (existing.emetr_phone !== author)
    throw new DomainError('conflict', 'This comment id is already taken.')
  const [post, deactivated] = await Promise.all([
    deps.Post.findOne({ _id: existing.idPostEmet }).lean<PostDoc>(),
    deps.deactivated.all(),
  ])
  if (!post) throw new DomainError('not_found', 'This post does not exist.')
  return {
    status: 'duplicate',
    comment: existing,
    post,
    recipients: commentRecipients(post, author, deactivated),
  }
}

/**
 * Checks the rights (docs/behaviour.md, "Comments") and stores the comment document: the commit point. Its
 * effects follow in distributeComment.
 */
export const storeComment = async (
  deps: AddCommentDeps,
  author: Actor,
  input: AddCommentInput,
): Promise<AddedComment> => {
  const existing = await deps.Comment.findOne({ _id: input.idCmtEmet }).lean<CommentDoc>()
  if (existing) return duplicateOf(deps, existing, author.phone)
  if (input.cmt.trim() === '' && input.image === '' && input.fileDocName === '')
    throw new DomainError('validation_failed', messages.message.empty)
  const [found, deactivated] = await Promise.all([
    deps.Post.findOne({ _id: input.idPostEmet }).lean<PostDoc>(),
    deps.deactivated.all(),
  ])
  const post = await assertMayComment(deps.groups, found, author.phone)
  // A conversation that holds a file may read it (docs/files.md, "Who reads a file"): only
  // someone who can read a file or a quiz may put it in one.
  for (const name of [input.image, input.fileDocName])
    if (name !== '' && !(await deps.mayAttach(author.phone, name)))
      throw new DomainError('not_found', messages.noSuchFile)
  const partOfPost = await isPostsOwnFile(deps.Post, post, author.phone, input)
  const comment: CommentDoc = {
    _id: input.idCmtEmet,
    idCmtEmet: input.idCmtEmet,
    idPostEmet: post.idPostEmet,
    emetr_phone: author.phone,
    emetr_name: author.name,
    cmt: input.cmt,
    image: input.image,
    fileDocName: input.fileDocName,
    type: input.type,
    tagcmtstatut: '0',
    dateCreation: deps.clock(),
    distributed: false,
    ...(input.app_id ? { app_id: input.app_id } : {}),
    ...(partOfPost ? { partOfPost } : {}),
  }
  try {
    await deps.Comment.create(comment)
  } catch (error) {
    if (!isDuplicateKey(error)) throw error
    const raced = await deps.Comment.findOne({ _id: input.idCmtEmet }).lean<CommentDoc>()
    if (!raced) throw error
    return duplicateOf(deps, raced, author.phone)
  }
  return {
    status: 'created',
    comment,
    post: { ...post, totalcmt: post.totalcmt + 1, dateLastEvent: comment.dateCreation },
    recipients: commentRecipients(post, author.phone, deactivated),
  }
}

/**
 * A stored comment's effects: totalcmt + 1 and the last-event date on the post, the entries of
 * its author and recipients (comments/audience.ts) moved to the top with a new sequence, every
 * recipient's unread count + 1 (not for one of the post's own files), one receipt per recipient. Done once (the comment's
 * `distributed` flag); a retry after a failure part-way completes it. Takes the post and the
 * recipients storeComment read for it, not reading them again.
 */
export const distributeComment = async (
  deps: AddCommentDeps,
  { comment, post, recipients }: Pick<AddedComment, 'comment' | 'post' | 'recipients'>,
): Promise<void> => {
  if (comment.distributed) return
  const author = comment.emetr_phone
  const at = comment.dateCreation
  await deps.Post.updateOne(
    { _id: post._id },
    { $inc: { totalcmt: 1 }, $max: { dateLastEvent: at } },
  )
  // The entries of those the comment concerns: its author and its recipients, in the post's
  // order of participants, the same for every comment, so concurrent comments write the
  // entries in one order and never deadlock on them (docs/database-engine.md).
  const concerns = new Set([author, ...recipients])
  const concerned = post.participants.filter((phone) => concerns.has(phone))
  const seqs = await deps.sequencer.nextFor(concerned)
  const fresh = entriesFor(post, concerned, seqs, deps.clock())
  // An entry still missing (a post's own entries are written after its fan-out) is first
  // created as the post would have it, by a plain insert: an upsert would create it, but
  // FerretDB 2.7 does not apply racing upserts of a missing document one after another
  // (docs/database-engine.md). Then every entry takes this comment, in one batch.
  const present = new Set(
    (
      await deps.Inbox.find({ _id: { $in: fresh.map((entry) => entry._id) } })
        .select({ phone: 1 })
        .lean()
    ).map((entry) => entry.phone),
  )
  await insertEntries(
    deps.Inbox,
    fresh.filter((entry) => !present.has(entry.phone)),
  )
  await deps.Inbox.bulkWrite(
    fresh.map(({ _id, phone, seq, seqAt }) => ({
      updateOne: {
        filter: { _id },
        // `$max`, not `$set`: concurrent comments write an entry in any order, and it must keep
        // the latest sequence handed out for it, or catch-up (sync/sync.ts) could miss its last
        // change.
        update:
          phone === author
            ? { $max: { dateLastEvent: at, seq, seqAt } }
            : comment.partOfPost === true
              ? // One of the post's own files: no unread comment (docs/behaviour.md, "A post's
                // files"); the entry still moves, so catch-up brings the comment.
                { $max: { dateLastEvent: at, seq, seqAt } }
              : {
                  $set: { unread: true },
                  $max: { dateLastEvent: at, seq, seqAt },
                  $inc: { cmtnonlu: 1 },
                },
      },
    })),
    { ordered: false },
  )
  if (recipients.length > 0) {
    const receipts = recipients.map((phone) => freshReceipt(comment, phone))
    await deps.Receipt.insertMany(receipts, { ordered: false, lean: true }).catch(
      (error: unknown) => {
        // A completed retry: the receipts written the first time stay as they are.
        if (!isOnlyDuplicates(error)) throw error
      },
    )
  }
  await deps.groups.touch(
    post.groups.map((g) => g.idGroup),
    at,
  )
  await deps.Comment.updateOne({ _id: comment.idCmtEmet }, { $set: { distributed: true } })
}

/** storeComment then distributeComment: the comment and all its effects, persisted. */
export const addComment = async (
  deps: AddCommentDeps,
  author: Actor,
  input: AddCommentInput,
): Promise<AddedComment> => {
  const added = await storeComment(deps, author, input)
  await distributeComment(deps, added)
  return added
}
