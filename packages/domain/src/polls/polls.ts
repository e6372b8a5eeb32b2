import { randomUUID } from 'node:crypto'
import type {
  CreatedPoll,
  Poll,
  PollInput,
  PollResponse,
  PollResults,
  Submission,
} from '@palabre/contracts'
import { gradeResponse, pollFileName } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { commentModel } from '../comments/comment-model.js'
import { fileModel } from '../files/file-model.js'
import { isDuplicateKey } from '../database.js'
import { postModel } from '../posts/post-model.js'
import { DomainError } from '../posts/domain-error.js'
import { pollModel, pollResponseModel, responseId } from './poll-model.js'
import type { PollDoc, PollResponseDoc } from './poll-model.js'

export interface PollService {
  create(creator: string, input: PollInput): Promise<CreatedPoll>
  /** The quiz as `viewer` may see it: `isCorrect` only for its creator and its respondents. */
  read(viewer: string, pollId: string): Promise<Poll>
  /** Whether `viewer` may read the quiz (false as well when there is no such quiz). */
  mayRead(viewer: string, pollId: string): Promise<boolean>
  results(viewer: string, pollId: string): Promise<PollResults>
  /** A respondent's graded response: their own, or anyone's for the creator; null when none. */
  response(viewer: string, pollId: string, respondent: string): Promise<PollResponse | null>
  submit(
    respondent: { phone: string; name: string },
    pollId: string,
    submission: Submission,
  ): Promise<PollResponse>
}

const present = (response: PollResponseDoc): PollResponse => ({
  grade: response.grade,
  answers: response.answers,
  correctionDetails: response.correctionDetails,
})

/**
 * Quizzes (docs/behaviour.md, "Quizzes"). Who may read one: its creator, and the participants of
 * a conversation holding it, that is of a post one of whose comments carries its attachment
 * name (`<title>_____<pollId>.poll`). Poll ids are random, so only someone who could read a quiz
 * can share it.
 */
export const createPollService = (connection: Connection, clock: () => Date): PollService => {
  const Poll = pollModel(connection)
  const Response = pollResponseModel(connection)
  const Comment = commentModel(connection)
  const Post = postModel(connection)
  const File = fileModel(connection)

  const find = async (pollId: string): Promise<PollDoc> => {
    const poll = await Poll.findOne({ _id: pollId }).lean<PollDoc>()
    if (!poll) throw new DomainError('not_found', 'This poll does not exist.')
    return poll
  }

  const readable = async (viewer: string, poll: PollDoc): Promise<PollDoc> => {
    if (poll.phoneCreatorPoll === viewer) return poll
    const holders = await Comment.find({ fileDocName: pollFileName(poll.title, poll._id) })
      .select({ idPostEmet: 1 })
      .lean<{ idPostEmet: string }[]>()
    const posts = [...new Set(holders.map((c) => c.idPostEmet))]
    if (posts.length > 0 && (await Post.exists({ _id: { $in: posts }, participants: viewer })))
      return poll
    throw new DomainError('forbidden', 'This poll is not shared with you.')
  }

  const existing = (pollId: string, phone: string) =>
    Response.findOne({ _id: responseId(pollId, phone) }).lean<PollResponseDoc>()

  return {
    async create(creator, input) {
      // A quiz's readers may read its recordings (docs/files.md, "Who reads a file"): they must
      // be the creator's own recordings, not any file whose name they learnt.
      const recordings = [
        ...new Set(
          input.questions.flatMap((q) => [
            q.audioFileName,
            ...q.possibleAnswers.map((a) => a.audioFileName),
          ]),
        ),
      ].filter((name): name is string => name !== undefined && name !== '')
      if (
        recordings.length > 0 &&
        (await File.countDocuments({
          _id: { $in: recordings },
          uploader: creator,
          kind: 'audio',
        })) !== recordings.length
      )
        throw new DomainError('forbidden', 'A recording of this quiz is not one you made.')
      const poll: PollDoc = {
        _id: randomUUID(),
        phoneCreatorPoll: creator,
        title: input.title,
        questions: input.questions,
        createdAt: clock(),
      }
      await Poll.create(poll)
      return { pollId: poll._id, title: poll.title }
    },

    async mayRead(viewer, pollId) {
      const poll = await Poll.findOne({ _id: pollId }).lean<PollDoc>()
      if (!poll) return false
      return readable(viewer, poll).then(
        () => true,
        () => false,
      )
    },

    async read(viewer, pollId) {
      const poll = await readable(viewer, await find(pollId))
      const reveal = poll.phoneCreatorPoll === viewer || (await existing(pollId, viewer)) !== null
      return {
        pollId: poll._id,
        phoneCreatorPoll: poll.phoneCreatorPoll,
        title: poll.title,
        createdAt: poll.createdAt.toISOString(),
        questions: poll.questions.map((q) => ({
          isAudio: q.isAudio,
          questionText: q.questionText,
          ...(q.audioFileName ? { audioFileName: q.audioFileName } : {}),
          points: q.points,
          isEliminatory: q.isEliminatory,
          possibleAnswers: q.possibleAnswers.map((a) => ({
            text: a.text,
            isAudio: a.isAudio,
            ...(a.audioFileName ? { audioFileName: a.audioFileName } : {}),
            ...(reveal ? { isCorrect: a.isCorrect } : {}),
          })),
        })),
      }
    },

    async results(viewer, pollId) {
      const poll = await find(pollId)
      if (poll.phoneCreatorPoll !== viewer)
        throw new DomainError('forbidden', "Only the poll's creator reads its results.")
      const responses = await Response.find({ pollId })
        .sort({ createdAt: 1 })
        .lean<PollResponseDoc[]>()
      return {
        title: poll.title,
        questionCount: poll.questions.length,
        responseCount: responses.length,
        responses: responses.map((r) => ({
          respondentName: r.respondentName,
          respondentPhone: r.respondentPhone,
          grade: r.grade,
        })),
      }
    },

    async response(viewer, pollId, respondent) {
      const poll = await readable(viewer, await find(pollId))
      if (respondent !== viewer && poll.phoneCreatorPoll !== viewer)
        throw new DomainError('forbidden', "Only the poll's creator reads others' answers.")
      const found = await existing(pollId, respondent)
      return found ? present(found) : null
    },

    async submit(respondent, pollId, submission) {
      const poll = await readable(respondent.phone, await find(pollId))
      const selected = poll.questions.map(() => [] as number[])
      for (const answer of submission.answers) {
        const question = poll.questions[answer.questionIndex]
        if (!question) throw new DomainError('validation_failed', 'No such question.')
        if (answer.selectedAnswers.some((i) => i >= question.possibleAnswers.length))
          throw new DomainError('validation_failed', 'No such answer.')
        selected[answer.questionIndex] = answer.selectedAnswers
      }
      if (selected.some((s) => s.length === 0))
        throw new DomainError('validation_failed', 'Every question needs an answer.')
      const { grade, correctionDetails } = gradeResponse(poll.questions, selected)
      const doc: PollResponseDoc = {
        _id: responseId(pollId, respondent.phone),
        pollId,
        respondentPhone: respondent.phone,
        respondentName: submission.nameRespondent || respondent.name,
        grade,
        answers: selected.map((selectedAnswers, questionIndex) => ({
          questionIndex,
          selectedAnswers,
        })),
        correctionDetails,
        createdAt: clock(),
      }
      try {
        await Response.create(doc)
      } catch (error) {
        if (isDuplicateKey(error))
          throw new DomainError('conflict', 'You have already answered this poll.')
        throw error
      }
      return present(doc)
    },
  }
}
