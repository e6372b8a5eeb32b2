import type { Connection } from 'mongoose'
import { commentModel } from '../comments/comment-model.js'
import type { CommentDoc } from '../comments/comment-model.js'
import { groupModel } from '../groups/group-model.js'
import type { GroupDoc } from '../groups/group-model.js'
import { pollModel, pollResponseModel, responseId } from '../polls/poll-model.js'
import type { PollDoc, PollResponseDoc } from '../polls/poll-model.js'
import { postModel } from '../posts/post-model.js'
import type { PostDoc } from '../posts/post-model.js'
import { userModel } from '../users/user-model.js'
import type { UserDoc } from '../users/user-model.js'
import { walk } from './walk.js'

/** What the pages say of a person of the organisation: never their password hash. */
export type ExportUser = Pick<
  UserDoc,
  'phone' | 'nomPrenom' | 'role' | 'createdAt' | 'deactivatedAt'
>

/**
 * What the exports' readable pages read besides the data (docs/export.md, "index.html"): the
 * names people gave themselves, and a quiz with its responses. Reads only.
 */
export interface ExportPagesReader {
  /** The accounts' own names of these phones, by phone; a phone with no account is absent. */
  ownNames(phones: readonly string[]): Promise<Map<string, string>>
  /**
   * Which of these folders are unnamed: their stored name is their creator's labels of the
   * members (groups.ts, `unnamedFolderFor`), not a name anyone gave the folder.
   */
  unnamedFolders(ids: readonly string[]): Promise<Set<string>>
  quiz(pollId: string): Promise<PollDoc | null>
  /** One person's response to a quiz, or null when they have not answered it. */
  response(pollId: string, phone: string): Promise<PollResponseDoc | null>
  /** A quiz's responses, in the order they came. */
  responses(pollId: string): AsyncGenerator<PollResponseDoc>
  responseCount(pollId: string): Promise<number>
}

/** The organisation's pages: everyone, every folder, every post and its whole thread. */
export interface OrganisationPagesReader extends ExportPagesReader {
  people(): AsyncGenerator<ExportUser>
  folders(): AsyncGenerator<GroupDoc>
  /** Every post, in key order, without its list of participants. */
  posts(): AsyncGenerator<Omit<PostDoc, 'participants'>>
  /** A post's comments, oldest first. */
  comments(postId: string): AsyncGenerator<CommentDoc>
}

export const createPagesReader = (connection: Connection): OrganisationPagesReader => {
  const User = userModel(connection)
  const Poll = pollModel(connection)
  const Response = pollResponseModel(connection)
  return {
    async ownNames(phones) {
      const wanted = [...new Set(phones)]
      if (wanted.length === 0) return new Map()
      const users = await User.find({ phone: { $in: wanted } })
        .select({ phone: 1, nomPrenom: 1 })
        .lean<Pick<UserDoc, 'phone' | 'nomPrenom'>[]>()
      return new Map(users.map((u) => [u.phone, u.nomPrenom]))
    },
    async unnamedFolders(ids) {
      if (ids.length === 0) return new Set()
      const found = await groupModel(connection)
        .find({ _id: { $in: [...new Set(ids)] }, noName: '1' })
        .select({ _id: 1 })
        .lean<{ _id: string }[]>()
      return new Set(found.map((g) => g._id))
    },
    quiz: (pollId) => Poll.findOne({ _id: pollId }).lean<PollDoc>(),
    response: (pollId, phone) =>
      Response.findOne({ _id: responseId(pollId, phone) }).lean<PollResponseDoc>(),
    responses: (pollId) =>
      walk<PollResponseDoc>(Response, { pollId }, [
        ['createdAt', 1],
        ['_id', 1],
      ]),
    responseCount: (pollId) => Response.countDocuments({ pollId }),
    people: () =>
      walk<ExportUser>(User, {}, [['_id', 1]], {
        batchSize: 500,
        projection: { phone: 1, nomPrenom: 1, role: 1, createdAt: 1, deactivatedAt: 1 },
      }),
    folders: () => walk<GroupDoc>(groupModel(connection), {}, [['_id', 1]]),
    posts: () =>
      walk<Omit<PostDoc, 'participants'>>(postModel(connection), {}, [['_id', 1]], {
        projection: { participants: 0 },
      }),
    comments: (postId) =>
      walk<CommentDoc>(commentModel(connection), { idPostEmet: postId }, [
        ['dateCreation', 1],
        ['_id', 1],
      ]),
  }
}
