import { z } from 'zod'
import { maxQuestionPoints, messages } from '../messages.js'
import { canonicalPhoneSchema } from '../phone.js'
import { uniqueByMark } from '../rule-marks.js'
import { countSchema, idSchema, isoDateSchema, nonBlank } from './common.js'

const audioFileNameSchema = z.string().trim().regex(nonBlank).max(255)
const answerIndexSchema = z.number().int().min(0)
const needsAudioName = (item: { isAudio: boolean; audioFileName?: string | undefined }) =>
  !item.isAudio || (item.audioFileName !== undefined && item.audioFileName !== '')
const audioNameMissing = {
  message: 'An audio answer or question needs its audioFileName.',
  path: ['audioFileName'],
}
/** `needsAudioName` as the OpenAPI document says it. */
const audioNameRule = {
  if: { properties: { isAudio: { const: true } }, required: ['isAudio'] },
  then: { required: ['audioFileName'] },
}

/** A possible answer as its creator writes it. audioFileName only when isAudio. */
export const possibleAnswerInputSchema = z
  .object({
    text: z.string().max(500, 'An answer is at most 500 characters.').default(''),
    isAudio: z.boolean().default(false),
    audioFileName: audioFileNameSchema.optional(),
    isCorrect: z.boolean().default(false),
  })
  .refine(needsAudioName, audioNameMissing)
  .meta({ id: 'PossibleAnswerInput', ...audioNameRule })

export const questionInputSchema = z
  .object({
    isAudio: z.boolean().default(false),
    questionText: z
      .string({ error: messages.poll.questionTextRequired })
      .trim()
      .min(1, messages.poll.questionTextRequired)
      .max(2000, 'A question is at most 2000 characters.'),
    audioFileName: audioFileNameSchema.optional(),
    possibleAnswers: z
      .array(possibleAnswerInputSchema)
      .min(1, messages.poll.noAnswer)
      // The refinement below, as the OpenAPI document says it.
      .meta({
        description: messages.poll.noCorrectAnswer,
        contains: { properties: { isCorrect: { const: true } }, required: ['isCorrect'] },
      }),
    points: z
      .number({ error: messages.poll.pointsRequired })
      .min(0, messages.poll.pointsRequired)
      .max(maxQuestionPoints, messages.poll.pointsTooHigh)
      .default(0),
    isEliminatory: z.boolean().default(false),
  })
  .refine(needsAudioName, audioNameMissing)
  .refine((question) => question.possibleAnswers.some((answer) => answer.isCorrect), {
    message: messages.poll.noCorrectAnswer,
    path: ['possibleAnswers'],
  })
  .meta({ id: 'QuestionInput', ...audioNameRule })

/** The body of POST /api/createPoll. */
export const pollInputSchema = z
  .object({
    phoneCreatorPoll: canonicalPhoneSchema,
    title: z
      .string({ error: messages.poll.titleRequired })
      .trim()
      .min(1, messages.poll.titleRequired)
      .max(200, 'A title is at most 200 characters.'),
    questions: z
      .array(questionInputSchema, { error: messages.poll.noQuestion })
      .min(1, messages.poll.noQuestion),
  })
  .meta({ id: 'PollInput' })

export type PollInput = z.infer<typeof pollInputSchema>

export const createdPollSchema = z
  .object({ pollId: idSchema, title: z.string() })
  .meta({ id: 'CreatedPoll' })

export type CreatedPoll = z.infer<typeof createdPollSchema>

/** A possible answer as read back. isCorrect is hidden until the reader may see it. */
export const possibleAnswerSchema = z
  .object({
    text: z.string(),
    isAudio: z.boolean(),
    audioFileName: z.string().optional(),
    isCorrect: z.boolean().optional(),
  })
  .meta({ id: 'PossibleAnswer' })

export const questionSchema = z
  .object({
    isAudio: z.boolean(),
    questionText: z.string(),
    audioFileName: z.string().optional(),
    possibleAnswers: z.array(possibleAnswerSchema),
    points: z.number().min(0),
    isEliminatory: z.boolean(),
  })
  .meta({ id: 'Question' })

export const pollSchema = z
  .object({
    pollId: idSchema,
    phoneCreatorPoll: canonicalPhoneSchema,
    title: z.string(),
    createdAt: isoDateSchema,
    questions: z.array(questionSchema),
  })
  .meta({ id: 'Poll' })

export type Poll = z.infer<typeof pollSchema>
export type Question = z.infer<typeof questionSchema>
export type PossibleAnswer = z.infer<typeof possibleAnswerSchema>

/** One answered question: the indexes of the chosen options. */
export const pollAnswerSchema = z
  .object({
    questionIndex: answerIndexSchema,
    selectedAnswers: z
      .array(answerIndexSchema, { error: 'Every question needs an answer.' })
      .min(1, 'Every question needs an answer.'),
  })
  .meta({ id: 'PollAnswer' })

/** The body of POST /api/polls/{id}/response. */
export const submissionSchema = z
  .object({
    nameRespondent: z.string().trim().max(100),
    phoneRespondent: canonicalPhoneSchema,
    answers: z
      .array(pollAnswerSchema)
      .min(1, 'Every question needs an answer.')
      // The refinement below, which JSON Schema cannot say (openapi.ts, `uniqueByMark`).
      .meta({ description: 'At most one answer per question.', [uniqueByMark]: 'questionIndex' }),
  })
  .refine(
    (submission) =>
      new Set(submission.answers.map((a) => a.questionIndex)).size === submission.answers.length,
    { message: 'A question is answered twice.', path: ['answers'] },
  )
  .meta({ id: 'Submission' })

export type Submission = z.infer<typeof submissionSchema>

export const correctionDetailSchema = z
  .object({
    questionIndex: answerIndexSchema,
    correctAnswers: z.array(answerIndexSchema),
    userSelected: z.array(answerIndexSchema),
  })
  .meta({ id: 'CorrectionDetail' })

export type CorrectionDetail = z.infer<typeof correctionDetailSchema>

/** A graded response: grade in percent, rounded to 0 decimals. */
export const pollResponseSchema = z
  .object({
    grade: z.number().int().min(0).max(100),
    answers: z.array(pollAnswerSchema),
    correctionDetails: z.array(correctionDetailSchema),
  })
  .meta({ id: 'PollResponse' })

export type PollResponse = z.infer<typeof pollResponseSchema>

export const pollResultsSchema = z
  .object({
    title: z.string(),
    questionCount: countSchema,
    responseCount: countSchema,
    responses: z.array(
      z.object({
        respondentName: z.string(),
        respondentPhone: canonicalPhoneSchema,
        grade: z.number().int().min(0).max(100),
      }),
    ),
  })
  .meta({ id: 'PollResults' })

export type PollResults = z.infer<typeof pollResultsSchema>
