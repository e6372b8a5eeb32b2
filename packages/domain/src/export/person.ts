import { parsePollFileName, stripThumbPrefix } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { seesComment, seesEveryComment } from '../comments/audience.js'
import { commentModel } from '../comments/comment-model.js'
import type { CommentDoc } from '../comments/comment-model.js'
import { receiptId, receiptModel } from '../comments/receipt-model.js'
import type { ReceiptDoc } from '../comments/receipt-model.js'
import { contactModel } from '../contacts/contact-model.js'
import type { ContactDoc } from '../contacts/contact-model.js'
import { fileModel } from '../files/file-model.js'
import type { FileDoc } from '../files/file-model.js'
import { groupModel } from '../groups/group-model.js'
import type { GroupDoc } from '../groups/group-model.js'
import { pollModel, pollResponseModel } from '../polls/poll-model.js'
import type { PollDoc, PollResponseDoc } from '../polls/poll-model.js'
import { inboxEntryModel } from '../posts/inbox-model.js'
import type { InboxEntryDoc } from '../posts/inbox-model.js'
import { postModel } from '../posts/post-model.js'
import type { PostDoc } from '../posts/post-model.js'
import { userModel } from '../users/user-model.js'
import { inBatches, walk } from './walk.js'
import type { SortSpec } from './walk.js'

/** What an export says of the person it is for: never their password hash. */
export interface ExportPerson {
  phone: string
  name: string
  mail: string
  indicatif: string
  role: 'member' | 'admin'
  createdAt: Date
}

/** A post as its participant has it: the post (without the list of participants), their entry. */
export interface ExportPost {
  post: Omit<PostDoc, 'participants'>
  entry: InboxEntryDoc
  /** The recipients' entries (their marks), by phone; only for the post's sender. */
  recipientMarks(): AsyncGenerator<InboxEntryDoc>
  /** The comments the person sees, oldest first (comments/audience.ts). */
  comments(): AsyncGenerator<ExportComment>
}

export interface ExportComment {
  comment: CommentDoc
  /** The person's own receipt of someone else's comment (their marks), null if none. */
  own: ReceiptDoc | null
  /** Every recipient's receipt, by phone; only for the person's own comments. */
  receipts(): AsyncGenerator<ReceiptDoc>
}

/** A quiz response, with its quiz's title (empty when the quiz is gone). */
export type ExportResponse = PollResponseDoc & { title: string }

/**
 * Reads everything one person takes part in (docs/export.md, "A person's export"), through
 * walks that hold a batch at a time. Nothing here writes: no mark moves, nobody is told.
 */
export interface PersonExportReader {
  person(phone: string): Promise<ExportPerson | null>
  /**
   * Their posts, newest activity first, each once: the entries as they stand at the walk's start,
   * then those that moved since (new activity during the export).
   */
  posts(phone: string): AsyncGenerator<ExportPost>
  folders(phone: string): AsyncGenerator<GroupDoc>
  contacts(phone: string): AsyncGenerator<ContactDoc>
  quizResponses(phone: string): AsyncGenerator<ExportResponse>
  ownQuizzes(phone: string): AsyncGenerator<PollDoc>
  quizResults(pollId: string): AsyncGenerator<PollResponseDoc>
  /** Their own uploads, by stored name. */
  ownUploads(phone: string): AsyncGenerator<FileDoc>
  /** The record of a stored name (a thumbnail's name finds its file), or null. */
  fileRecord(name: string): Promise<FileDoc | null>
  /**
   * The stored names of what a comment carries that is a file to read: its image or document,
   * and for a quiz, its recordings (docs/files.md, "Who reads a file").
   */
  filesOf(comment: Pick<CommentDoc, 'image' | 'fileDocName'>): Promise<string[]>
}

const WALL_ORDER: SortSpec = [
  ['dateLastEvent', -1],
  ['idPostEmet', -1],
]

/** Posts read at once by key, their entries a batch of the walk. */
const POSTS_AT_ONCE = 50
/** Recipients' entries read in one query for a batch's posts (a post has at most 500). */
const MARKS_AT_ONCE = 2_000

export const createPersonExportReader = (
  connection: Connection,
  clock: () => Date,
): PersonExportReader => {
  const User = userModel(connection)
  const Inbox = inboxEntryModel(connection)
  const Post = postModel(connection)
  const Comment = commentModel(connection)
  const Receipt = receiptModel(connection)
  const Group = groupModel(connection)
  const Contact = contactModel(connection)
  const Poll = pollModel(connection)
  const Response = pollResponseModel(connection)
  const File = fileModel(connection)

  const commentsOf = async function* (
    viewer: string,
    post: Omit<PostDoc, 'participants'>,
  ): AsyncGenerator<ExportComment> {
    // On an announcement a recipient sees their own comments and the author's only.
    const authors = seesEveryComment(post, viewer)
      ? {}
      : { emetr_phone: { $in: [viewer, post.emetr_phone] } }
    const comments = walk<CommentDoc>(Comment, { idPostEmet: post.idPostEmet, ...authors }, [
      ['dateCreation', 1],
      ['_id', 1],
    ])
    for await (const batch of inBatches(comments, 100)) {
      const seen = batch.filter((c) => seesComment(post, viewer, c.emetr_phone))
      const others = seen.filter((c) => c.emetr_phone !== viewer)
      const own = new Map(
        others.length === 0
          ? []
          : (
              await Receipt.find({
                _id: { $in: others.map((c) => receiptId(c.idCmtEmet, viewer)) },
              }).lean<ReceiptDoc[]>()
            ).map((r) => [r.idCmtEmet, r]),
      )
      for (const comment of seen) {
        const mine = comment.emetr_phone === viewer
        yield {
          comment,
          own: own.get(comment.idCmtEmet) ?? null,
          receipts: async function* () {
            if (mine)
              yield* walk<ReceiptDoc>(Receipt, { idCmtEmet: comment.idCmtEmet }, [['phone', 1]], {
                batchSize: 500,
              })
          },
        }
      }
    }
  }

  /**
   * The recipients' marks of the posts a batch's sender sent, in queries of at most
   * MARKS_AT_ONCE entries, by post; an announcement's (its recipients are not listed on it, and
   * may be many) are walked on their own when asked for.
   */
  const marksOf = async (sent: Omit<PostDoc, 'participants'>[]) => {
    const byPost = new Map<string, InboxEntryDoc[]>()
    const listed = sent.filter((p) => p.typePoste !== 'announcement')
    for (let i = 0; i < listed.length;) {
      const chunk: string[] = []
      let size = 0
      while (i < listed.length && (chunk.length === 0 || size < MARKS_AT_ONCE)) {
        const post = listed[i++]!
        chunk.push(post.idPostEmet)
        size += post.destinataires.length
        byPost.set(post.idPostEmet, [])
      }
      const entries = await Inbox.find({ idPostEmet: { $in: chunk }, role: 'recipient' })
        .sort({ idPostEmet: 1, phone: 1 })
        .lean<InboxEntryDoc[]>()
      for (const entry of entries) byPost.get(entry.idPostEmet)?.push(entry)
    }
    return byPost
  }

  /** The posts of a batch of entries, in the entries' order. */
  const postsOf = async function* (
    phone: string,
    entries: InboxEntryDoc[],
  ): AsyncGenerator<ExportPost> {
    const ids = entries.map((e) => e.idPostEmet)
    const [posts, discussed] = await Promise.all([
      // The participants of an announcement are everyone it reached: not read here.
      Post.find({ _id: { $in: ids } })
        .select({ participants: 0 })
        .lean<Omit<PostDoc, 'participants'>[]>(),
      Comment.collection.distinct('idPostEmet', { idPostEmet: { $in: ids } }),
    ])
    const byId = new Map(posts.map((p) => [p._id, p]))
    const hasComments = new Set(discussed as string[])
    // Read when first asked for: the offline page's walk never asks.
    let marks: Promise<Map<string, InboxEntryDoc[]>> | undefined
    const marksOfBatch = () => (marks ??= marksOf(posts.filter((p) => p.emetr_phone === phone)))
    for (const entry of entries) {
      const post = byId.get(entry.idPostEmet)
      if (!post) continue
      yield {
        post,
        entry,
        recipientMarks: async function* () {
          if (entry.role !== 'sender') return
          const read = (await marksOfBatch()).get(post.idPostEmet)
          if (read) yield* read
          else
            yield* walk<InboxEntryDoc>(
              Inbox,
              { idPostEmet: post.idPostEmet, role: 'recipient' },
              [['phone', 1]],
              { batchSize: 500 },
            )
        },
        comments: async function* () {
          if (hasComments.has(post.idPostEmet)) yield* commentsOf(phone, post)
        },
      }
      // Done with: the next posts' marks only are kept.
      if (marks) (await marks).delete(post.idPostEmet)
    }
  }

  return {
    async person(phone) {
      const user = await User.findOne({ phone })
        .select({ phone: 1, nomPrenom: 1, mail: 1, indicatif: 1, role: 1, createdAt: 1 })
        .lean()
      if (!user) return null
      return {
        phone: user.phone,
        name: user.nomPrenom,
        mail: user.mail,
        indicatif: user.indicatif,
        role: user.role ?? 'member',
        createdAt: user.createdAt,
      }
    },

    async *posts(phone) {
      const start = clock()
      const given = new Set<string>()
      // Newest first: entries dated after the start (ahead of the clock), then the rest; then
      // whatever activity moved past the walk while it went on (docs/export.md, "Streaming").
      const phases = [
        { phone, dateLastEvent: { $gt: start } },
        { phone, dateLastEvent: { $lte: start } },
        { phone, dateLastEvent: { $gt: start } },
      ]
      for (const filter of phases) {
        const entries = walk<InboxEntryDoc>(Inbox, filter, WALL_ORDER)
        for await (const batch of inBatches(entries, POSTS_AT_ONCE)) {
          const fresh = batch.filter((e) => !given.has(e.idPostEmet))
          for (const e of fresh) given.add(e.idPostEmet)
          if (fresh.length > 0) yield* postsOf(phone, fresh)
        }
      }
    },

    folders: (phone) => walk<GroupDoc>(Group, { members: phone }, [['_id', 1]]),

    // A contact's key starts with its owner's phone and ':' (contacts/contact-model.ts): one
    // range of the primary key.
    contacts: (phone) =>
      walk<ContactDoc>(Contact, { _id: { $gt: `${phone}:`, $lt: `${phone};` } }, [['_id', 1]], {
        batchSize: 500,
      }),

    async *quizResponses(phone) {
      for await (const batch of inBatches(
        walk<PollResponseDoc>(Response, { respondentPhone: phone }, [['_id', 1]]),
        100,
      )) {
        const polls = await Poll.find({ _id: { $in: [...new Set(batch.map((r) => r.pollId))] } })
          .select({ title: 1 })
          .lean<Pick<PollDoc, '_id' | 'title'>[]>()
        const titles = new Map(polls.map((p) => [p._id, p.title]))
        for (const response of batch)
          yield { ...response, title: titles.get(response.pollId) ?? '' }
      }
    },

    ownQuizzes: (phone) => walk<PollDoc>(Poll, { phoneCreatorPoll: phone }, [['_id', 1]]),

    quizResults: (pollId) =>
      walk<PollResponseDoc>(Response, { pollId }, [
        ['createdAt', 1],
        ['_id', 1],
      ]),

    ownUploads: (phone) =>
      walk<FileDoc>(File, { uploader: phone }, [['_id', 1]], { batchSize: 500 }),

    fileRecord: (name) => File.findOne({ _id: stripThumbPrefix(name) }).lean<FileDoc>(),

    async filesOf({ image, fileDocName }) {
      const names = [image, fileDocName].filter((n) => n !== '')
      const poll = fileDocName === '' ? null : parsePollFileName(fileDocName)
      if (!poll) return names.map(stripThumbPrefix)
      const found = await Poll.findOne({ _id: poll.pollId })
        .select({ questions: 1 })
        .lean<Pick<PollDoc, 'questions'>>()
      const recordings = (found?.questions ?? []).flatMap((q) => [
        q.audioFileName,
        ...q.possibleAnswers.map((a) => a.audioFileName),
      ])
      return [
        ...(image === '' ? [] : [stripThumbPrefix(image)]),
        ...recordings.filter((n): n is string => typeof n === 'string' && n !== ''),
      ]
    },
  }
}
