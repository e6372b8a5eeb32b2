import type { UploadKind } from '@palabre/contracts'
import { parsePollFileName, stripThumbPrefix, thumbPrefix } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { seesComment } from '../comments/audience.js'
import { commentModel } from '../comments/comment-model.js'
import { pollModel } from '../polls/poll-model.js'
import type { PollService } from '../polls/polls.js'
import { postModel, postsById } from '../posts/post-model.js'
import type { PostDoc } from '../posts/post-model.js'
import { fileModel } from './file-model.js'
import type { FileDoc } from './file-model.js'

export interface StoredFile {
  name: string
  uploader: string
  kind: UploadKind
  mime: string
  size: number
  /** Read from the file at upload (docs/files.md, "Durations"); null when it has none. */
  durationSeconds: number | null
}

/** An upload to record; its duration, when it has one, was read from the file. */
export type NewStoredFile = Omit<StoredFile, 'durationSeconds'> & {
  durationSeconds?: number | null
}

export interface FileService {
  /** Records an upload once its content is on disk and checked. */
  record(file: NewStoredFile): Promise<void>
  /** The record of a stored name (a thumbnail's name finds its file), or null. */
  find(name: string): Promise<StoredFile | null>
  /**
   * Whether `viewer` may read the stored file `name` (a thumbnail follows its file): its
   * uploader, whoever is shown a comment that carries it, or a reader of a quiz whose
   * recordings include it (docs/files.md, "Who reads a file").
   */
  mayRead(viewer: string, name: string): Promise<boolean>
  /**
   * Everyone who reads the stored file `name` through a conversation: the participants shown a
   * comment that carries it (docs/files.md, "Who reads a file"), sorted.
   */
  conversationReaders(name: string): Promise<string[]>
  /**
   * Whether `author` may put `name` in a conversation: a stored file they may read, or a quiz
   * (`<title>_____<id>.poll`) they may read. Sharing gives the conversation access, so only a
   * reader may share.
   */
  mayAttach(author: string, name: string): Promise<boolean>
}

const present = (doc: FileDoc): StoredFile => ({
  name: doc._id,
  uploader: doc.uploader,
  kind: doc.kind,
  mime: doc.mime,
  size: doc.size,
  durationSeconds: doc.durationSeconds ?? null,
})

/** A comment carrying a file, as far as who reads the file goes. */
interface Holder {
  idPostEmet: string
  emetr_phone: string
}

export const createFileService = (
  connection: Connection,
  clock: () => Date,
  polls: PollService,
): FileService => {
  const File = fileModel(connection)
  const Comment = commentModel(connection)
  const Post = postModel(connection)
  const Poll = pollModel(connection)

  /** The comments that carry the stored file `name`: their post and their author. */
  const holdingComments = async (name: string): Promise<Holder[]> => {
    // Clients name an image by its stored name or by its thumbnail's.
    const names = [name, `${thumbPrefix}${name}`]
    return Comment.find({
      $or: [{ image: { $in: names } }, { fileDocName: { $in: names } }],
    })
      .select({ idPostEmet: 1, emetr_phone: 1 })
      .lean<Holder[]>()
  }
  const postIds = (holders: readonly Holder[]) => [...new Set(holders.map((c) => c.idPostEmet))]

  /**
   * Whether `viewer` sees one of the comments carrying the file: a participant of its post to
   * whom the comment is shown (an announcement's recipient sees the author's comments and their
   * own, not the other recipients').
   */
  const inConversation = async (viewer: string, name: string): Promise<boolean> => {
    const holders = await holdingComments(name)
    if (holders.length === 0) return false
    const posts = new Map(
      (
        await Post.find({ _id: { $in: postIds(holders) }, participants: viewer })
          .select({ typePoste: 1, emetr_phone: 1 })
          .lean<Pick<PostDoc, '_id' | 'typePoste' | 'emetr_phone'>[]>()
      ).map((post) => [post._id, post]),
    )
    return holders.some((comment) => {
      const post = posts.get(comment.idPostEmet)
      return post !== undefined && seesComment(post, viewer, comment.emetr_phone)
    })
  }

  const inReadablePoll = async (viewer: string, name: string): Promise<boolean> => {
    const holders = await Poll.find({
      $or: [
        { 'questions.audioFileName': name },
        { 'questions.possibleAnswers.audioFileName': name },
      ],
    })
      .select({ _id: 1 })
      .lean<{ _id: string }[]>()
    for (const poll of holders) if (await polls.mayRead(viewer, poll._id)) return true
    return false
  }

  const mayRead = async (viewer: string, name: string): Promise<boolean> => {
    const stored = stripThumbPrefix(name)
    const file = await File.findOne({ _id: stored }).select({ uploader: 1 }).lean<FileDoc>()
    if (!file) return false
    if (file.uploader === viewer) return true
    return (await inConversation(viewer, stored)) || (await inReadablePoll(viewer, stored))
  }

  return {
    async record(file) {
      await File.create({
        _id: file.name,
        uploader: file.uploader,
        kind: file.kind,
        mime: file.mime,
        size: file.size,
        ...(typeof file.durationSeconds === 'number' && file.durationSeconds > 0
          ? { durationSeconds: file.durationSeconds }
          : {}),
        createdAt: clock(),
      })
    },

    async find(name) {
      const doc = await File.findOne({ _id: stripThumbPrefix(name) }).lean<FileDoc>()
      return doc ? present(doc) : null
    },

    mayRead,

    async conversationReaders(name) {
      const holders = await holdingComments(stripThumbPrefix(name))
      const posts = new Map((await postsById(Post, postIds(holders))).map((p) => [p._id, p]))
      const readers = new Set<string>()
      for (const comment of holders) {
        const post = posts.get(comment.idPostEmet)
        if (!post) continue
        for (const phone of post.participants)
          if (seesComment(post, phone, comment.emetr_phone)) readers.add(phone)
      }
      return [...readers].sort()
    },

    async mayAttach(author, name) {
      const poll = parsePollFileName(name)
      return poll ? polls.mayRead(author, poll.pollId) : mayRead(author, name)
    },
  }
}
