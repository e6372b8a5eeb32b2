import { Schema } from 'mongoose'
import type { Connection, Model } from 'mongoose'

export interface PossibleAnswerDoc {
  text: string
  isAudio: boolean
  audioFileName?: string
  isCorrect: boolean
}

export interface QuestionDoc {
  isAudio: boolean
  questionText: string
  audioFileName?: string
  possibleAnswers: PossibleAnswerDoc[]
  points: number
  isEliminatory: boolean
}

/** A quiz (QCM), keyed by its generated id (docs/behaviour.md, "Quizzes"). */
export interface PollDoc {
  _id: string
  phoneCreatorPoll: string
  title: string
  questions: QuestionDoc[]
  createdAt: Date
}

export interface CorrectionDoc {
  questionIndex: number
  correctAnswers: number[]
  userSelected: number[]
}

/**
 * One respondent's graded answers, keyed by `pollId:phone`: the key is what makes a second
 * submission fail, whatever the timing.
 */
export interface PollResponseDoc {
  _id: string
  pollId: string
  respondentPhone: string
  respondentName: string
  grade: number
  answers: { questionIndex: number; selectedAnswers: number[] }[]
  correctionDetails: CorrectionDoc[]
  createdAt: Date
}

const answerSchema = new Schema<PossibleAnswerDoc>(
  {
    text: { type: String, default: '' },
    isAudio: { type: Boolean, default: false },
    audioFileName: { type: String },
    isCorrect: { type: Boolean, default: false },
  },
  { _id: false },
)

const questionSchema = new Schema<QuestionDoc>(
  {
    isAudio: { type: Boolean, default: false },
    questionText: { type: String, required: true },
    audioFileName: { type: String },
    possibleAnswers: { type: [answerSchema], default: [] },
    points: { type: Number, default: 0 },
    isEliminatory: { type: Boolean, default: false },
  },
  { _id: false },
)

const pollSchema = new Schema<PollDoc>(
  {
    _id: { type: String, required: true },
    phoneCreatorPoll: { type: String, required: true },
    title: { type: String, required: true },
    questions: { type: [questionSchema], default: [] },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
)
// Which quizzes hold a recording, for the file's readers (files/files.ts).
pollSchema.index({ 'questions.audioFileName': 1 }, { sparse: true })
pollSchema.index({ 'questions.possibleAnswers.audioFileName': 1 }, { sparse: true })
// A creator's quizzes (their export, docs/export.md).
pollSchema.index({ phoneCreatorPoll: 1, _id: 1 })

const responseSchema = new Schema<PollResponseDoc>(
  {
    _id: { type: String, required: true },
    pollId: { type: String, required: true },
    respondentPhone: { type: String, required: true },
    respondentName: { type: String, default: '' },
    grade: { type: Number, required: true },
    answers: { type: Schema.Types.Mixed, default: [] },
    correctionDetails: { type: Schema.Types.Mixed, default: [] },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
)
// The results table: one poll's responses, in the order they came.
responseSchema.index({ pollId: 1, createdAt: 1 })
// A respondent's responses (their export, docs/export.md).
responseSchema.index({ respondentPhone: 1, _id: 1 })

export const pollModel = (connection: Connection): Model<PollDoc> =>
  connection.models['Poll'] ?? connection.model<PollDoc>('Poll', pollSchema, 'polls')

export const pollResponseModel = (connection: Connection): Model<PollResponseDoc> =>
  connection.models['PollResponse'] ??
  connection.model<PollResponseDoc>('PollResponse', responseSchema, 'poll_responses')

export const responseId = (pollId: string, phone: string): string => `${pollId}:${phone}`
