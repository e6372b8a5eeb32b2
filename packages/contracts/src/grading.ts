import type { CorrectionDetail } from './entities/poll.js'

/**
 * Quiz grading, the one home of its rule (docs/behaviour.md, "Quizzes"). The server grades a
 * response with `gradeResponse` when it is sent; the web reads the same rule back from the
 * stored correction with `gradeCorrection`, to show what each question was worth and earned and
 * why a grade is 0 (docs/quizzes.md, "Correction"). One rule, so the two cannot disagree.
 */

/** What grading reads of a question. */
export interface GradedQuestion {
  points: number
  isEliminatory: boolean
}

/** A question with its answers as its creator wrote them, which ones are correct included. */
export interface KeyedQuestion extends GradedQuestion {
  possibleAnswers: readonly { isCorrect?: boolean | undefined }[]
}

/** How one question of a response counted. */
export interface QuestionScore {
  questionIndex: number
  /** The answers chosen are exactly its correct ones. */
  right: boolean
  isEliminatory: boolean
  /** The points it counted for: its own, or 1 when every question of the quiz is worth 0. */
  worth: number
  /** `worth` when right, else 0. */
  earned: number
}

export interface Grading {
  /** Percent, rounded to a whole number. */
  grade: number
  /** One per question, in the quiz's order. */
  scores: QuestionScore[]
  /** The eliminatory questions answered wrongly, by index: any one of them makes the grade 0. */
  eliminatedBy: number[]
}

const sortedUnique = (indexes: readonly number[]): number[] =>
  [...new Set(indexes)].sort((a, b) => a - b)

const sameSet = (a: readonly number[], b: readonly number[]): boolean => {
  const left = new Set(a)
  const right = new Set(b)
  return left.size === right.size && [...left].every((x) => right.has(x))
}

/**
 * Grades a response from its correction: a question scores its points when the set chosen
 * equals the set of correct answers; the grade is scored / total x 100, rounded; when every
 * question is worth 0 points each counts as 1; a wrong eliminatory question makes it 0. A
 * question with no correction counts as answered wrongly.
 */
export const gradeCorrection = (
  questions: readonly GradedQuestion[],
  corrections: readonly CorrectionDetail[],
): Grading => {
  const allZero = questions.every((q) => q.points === 0)
  // Quizzes stored before points were bounded may add up past the largest number: weighing each
  // question against the largest keeps the same ratio with a finite total.
  const sum = questions.reduce((total, q) => total + q.points, 0)
  const scale = Number.isFinite(sum) ? 1 : Math.max(...questions.map((q) => q.points))
  let total = 0
  let scored = 0
  const scores = questions.map((question, questionIndex): QuestionScore => {
    const correction = corrections.find((c) => c.questionIndex === questionIndex)
    const right =
      correction !== undefined && sameSet(correction.correctAnswers, correction.userSelected)
    const worth = allZero ? 1 : question.points
    total += worth / scale
    if (right) scored += worth / scale
    return {
      questionIndex,
      right,
      isEliminatory: question.isEliminatory,
      worth,
      earned: right ? worth : 0,
    }
  })
  const eliminatedBy = scores.filter((s) => s.isEliminatory && !s.right).map((s) => s.questionIndex)
  const grade = eliminatedBy.length > 0 || total === 0 ? 0 : Math.round((scored / total) * 100)
  return { grade, scores, eliminatedBy }
}

/**
 * Corrects and grades one response as it is sent. `selected[i]` holds the options chosen for
 * question i; the correction lists, per question, its correct answers and the ones chosen, each
 * once and in order.
 */
export const gradeResponse = (
  questions: readonly KeyedQuestion[],
  selected: readonly (readonly number[])[],
): Grading & { correctionDetails: CorrectionDetail[] } => {
  const correctionDetails = questions.map((question, questionIndex) => ({
    questionIndex,
    correctAnswers: question.possibleAnswers.flatMap((answer, index) =>
      answer.isCorrect === true ? [index] : [],
    ),
    userSelected: sortedUnique(selected[questionIndex] ?? []),
  }))
  return { ...gradeCorrection(questions, correctionDetails), correctionDetails }
}
