import { pollInputSchema } from '@palabre/contracts'
import type { z } from 'zod'

/**
 * The creation form's rule is the server's (`pollInputSchema`), less the creator's phone that the
 * form does not ask for: one rule and one set of messages for both (docs/quizzes.md, "Creating").
 */
export const pollFormSchema = pollInputSchema.omit({ phoneCreatorPoll: true })

export type PollFormInput = z.input<typeof pollFormSchema>
export type PollFormValues = z.output<typeof pollFormSchema>
export type AnswerInput = NonNullable<PollFormInput['questions'][number]['possibleAnswers']>[number]

/** A new answer: text only, not correct, no recording. */
export const newAnswer = (text = ''): AnswerInput => ({ text, isAudio: false, isCorrect: false })

/** A new question starts with two answers, '✓' and '✗' (docs/quizzes.md, "Creating"). */
export const newQuestion = (): PollFormInput['questions'][number] => ({
  questionText: '',
  isAudio: false,
  possibleAnswers: [newAnswer('✓'), newAnswer('✗')],
  points: 0,
  isEliminatory: false,
})

export const emptyPoll = (): PollFormInput => ({ title: '', questions: [newQuestion()] })
