import type { UploadKind } from '@palabre/contracts'
import { parsePollFileName, stripThumbPrefix, thumbPrefix } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { commentModel } from '../comments/comment-model.js'
import { pollModel } from '../polls/poll-model.js'
import type { PollService } from '../polls/polls.js'
import { postModel } from '../posts/post-model.js'
import { fileModel } from './file-model.js'
import type { FileDoc } from './file-model.js'

export interface StoredFile {
  name: string
  uploader: string
  kind: UploadKind
  mime: string
  size: number
}

export interface FileService {
  /** Records an upload once its content is on disk and checked. */
  record(file: StoredFile): Promise<void>
  /** The record of a stored name (a thumbnail's name finds its file), or null. */
  find(name: string): Promise<StoredFile | null>
  /**
   * Whether `viewer` may read the stored file `name` (a thumbnail follows its file): its
   * uploader, a participant of a conversation one of whose comments carries it, or a reader of
   * a quiz whose recordings include it (docs/files.md, "Who reads a file").
   */
  mayRead(viewer: string, name: string): Promise<boolean>
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

  const inConversation = async (viewer: string, name: string): Promise<boolean> => {
    // Clients name an image by its stored name or by its thumbnail's.
    const names = [name, `${thumbPrefix}${name}`]
    const holders = await Comment.find({
      $or: [{ image: { $in: names } }, { fileDocName: { $in: names } }],
    })
      .select({ idPostEmet: 1 })
      .lean<{ idPostEmet: string }[]>()
    const posts = [...new Set(holders.map((c) => c.idPostEmet))]
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
        createdAt: clock(),
      })
    },

    async find(name) {
      const doc = await File.findOne({ _id: stripThumbPrefix(name) }).lean<FileDoc>()
      return doc ? present(doc) : null
    },

    mayRead,

    async mayAttach(author, name) {
      const poll = parsePollFileName(name)
      return poll ? polls.mayRead(author, poll.pollId) : mayRead(author, name)
    },
  }
}
