import { thumbPrefix } from '@palabre/contracts'
import type { Connection } from 'mongoose'
import { commentModel } from '../comments/comment-model.js'
import { isDuplicateKey } from '../database.js'
import { pollModel } from '../polls/poll-model.js'
import type { QuestionDoc } from '../polls/poll-model.js'
import { fileModel } from './file-model.js'
import { repairModel } from './repair-model.js'
import { fileViewModel, viewKey } from './view-model.js'

/** The repair's name among the start-up repairs that ran (`repairs`). */
const FILE_NAMES_UTF8 = 'file-names-utf8'

/** Any character a latin1 reading of a byte above 0x7f gives. */
const LATIN1_HIGH = /[\u0080-\u00ff]/

/** A recorded upload whose stored name may be garbled, and the type its keys are stored with. */
export interface SuspectName {
  name: string
  mime: string
}

/**
 * The database's side of repairing stored names that earlier uploads garbled (docs/files.md,
 * "Names garbled by earlier uploads"). A stored name is the key of everything about its file,
 * so renaming it touches every document that names it. There are no transactions
 * (docs/data-model.md, "No transactions"): each step is safe to repeat, and the file's record
 * under its old name goes last, so a start that stops half-way finds it again and finishes.
 */
export interface StoredNameRenames {
  /** Whether a start already ran the repair to its end on this database. */
  done(): Promise<boolean>
  /** Marks the repair done: later starts read this mark and look for nothing. */
  markDone(now: Date): Promise<void>
  /**
   * The recorded uploads whose stored name holds a character of U+0080 to U+00FF, the only
   * characters a latin1 reading makes; whether one can be repaired is the caller's to decide.
   */
  suspects(): Promise<SuspectName[]>
  /**
   * Points every document that names `from` at `to`: the file's record (a copy under `to`),
   * the comments carrying it or its thumbnail, the quizzes' recordings and the proof of
   * viewing. The record under `from` stays, for `dropRecord`.
   */
  renameReferences(from: string, to: string): Promise<void>
  /** Removes the record under the old name: the repair of that name is then complete. */
  dropRecord(from: string): Promise<void>
}

const ignoreDuplicate = (error: unknown): void => {
  if (!isDuplicateKey(error)) throw error
}

/** A quiz's questions with the recording `from` named `to`, wherever it is a question or an answer. */
const renamedQuestions = (questions: QuestionDoc[], from: string, to: string): QuestionDoc[] =>
  questions.map((question) => ({
    ...question,
    ...(question.audioFileName === from ? { audioFileName: to } : {}),
    possibleAnswers: question.possibleAnswers.map((answer) =>
      answer.audioFileName === from ? { ...answer, audioFileName: to } : answer,
    ),
  }))

export const storedNameRenames = (connection: Connection): StoredNameRenames => {
  const File = fileModel(connection)
  const Comment = commentModel(connection)
  const Poll = pollModel(connection)
  const View = fileViewModel(connection)
  const Repair = repairModel(connection)

  return {
    async done() {
      return (await Repair.exists({ _id: FILE_NAMES_UTF8 })) !== null
    },

    async markDone(now) {
      await Repair.create({ _id: FILE_NAMES_UTF8, doneAt: now }).catch(ignoreDuplicate)
    },

    async suspects() {
      const found: SuspectName[] = []
      // Every record's name is read once, a batch at a time; only the suspects are kept.
      for await (const file of File.find()
        .select({ _id: 1, mime: 1 })
        .lean<{ _id: string; mime: string }[]>()
        .cursor())
        if (LATIN1_HIGH.test(file._id)) found.push({ name: file._id, mime: file.mime })
      return found
    },

    async renameReferences(from, to) {
      const record = await File.findOne({ _id: from }).lean()
      if (record) await File.create({ ...record, _id: to }).catch(ignoreDuplicate)
      // Clients name an image by its stored name or by its thumbnail's, in either field.
      for (const [old, renamed] of [
        [from, to],
        [`${thumbPrefix}${from}`, `${thumbPrefix}${to}`],
      ] as const) {
        await Comment.updateMany({ image: old }, { $set: { image: renamed } })
        await Comment.updateMany({ fileDocName: old }, { $set: { fileDocName: renamed } })
      }
      const quizzes = await Poll.find({
        $or: [
          { 'questions.audioFileName': from },
          { 'questions.possibleAnswers.audioFileName': from },
        ],
      }).lean()
      for (const quiz of quizzes)
        await Poll.updateOne(
          { _id: quiz._id },
          { $set: { questions: renamedQuestions(quiz.questions, from, to) } },
        )
      // A view's key embeds the name: written under the new key before the old one goes.
      for (const view of await View.find({ file: from }).lean()) {
        await View.create({ ...view, _id: viewKey(to, view.viewer), file: to }).catch(
          ignoreDuplicate,
        )
        await View.deleteOne({ _id: view._id })
      }
    },

    async dropRecord(from) {
      await File.deleteOne({ _id: from })
    },
  }
}
