import type { UploadKind } from '@palabre/contracts'
import { parsePollFileName, stripThumbPrefix, thumbPrefix } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { commentModel } from '../comments/comment-model.js'
import { pollModel } from '../polls/poll-model.js'
import type { PollService } from '../polls/polls.js'
import { postModel, postsById } from '../posts/post-model.js'
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
   * uploader, a participant of a conversation one of whose comments carries it, or a reader of
   * a quiz whose recordings include it (docs/files.md, "Who reads a file").
   */
  mayRead(viewer: string, name: string): Promise<boolean>
  /**
   * Everyone who reads the stored file `name` through a conversation: the participants of the
   * posts one of whose comments carries it (docs/files.md, "Who reads a file"), sorted.
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

export const createFileService = (
  connection: Connection,
  clock: () => Date,
  polls: PollService,
): FileService => {
  const File = fileModel(connection)
  const Comment = commentModel(connection)
  const Post = postModel(connection)
  const Poll = pollModel(connection)

  /** The posts one of whose comments carries the stored file `name`. */
  const holdingPosts = async (name: string): Promise<string[]> => {
    // Clients name an image by its stored name or by its thumbnail's.
    const names = [name, `${thumbPrefix}${name}`]
    const holders = await Comment.find({
      $or: [{ image: { $in: names } }, { fileDocName: { $in: names } }],
    })
      .select({ idPostEmet: 1 })
      .lean<{ idPostEmet: string }[]>()
    return [...new Set(holders.map((c) => c.idPostEmet))]
  }

  const inConversation = async (viewer: string, name: string): Promise<boolean> => {
    const posts = await holdingPosts(name)
    return (
      posts.length > 0 &&
      (await Post.exists({ _id: { $in: posts }, participants: viewer })) !== null
    )
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
      const posts = await holdingPosts(stripThumbPrefix(name))
      const readers = new Set<string>()
      for (const post of await postsById(Post, posts))
        for (const phone of post.participants) readers.add(phone)
      return [...readers].sort()
    },

    async mayAttach(author, name) {
      const poll = parsePollFileName(name)
      return poll ? polls.mayRead(author, poll.pollId) : mayRead(author, name)
    },
  }
}
