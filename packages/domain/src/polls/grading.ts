import type { CorrectionDoc, QuestionDoc } from './poll-model.js'

export interface Graded {
  /** Percent, rounded to a whole number. */
  grade: number
  correctionDetails: CorrectionDoc[]
}

const indexesOfCorrect = (question: QuestionDoc): number[] =>
  question.possibleAnswers.flatMap((answer, index) => (answer.isCorrect ? [index] : []))

const sameSet = (a: readonly number[], b: readonly number[]): boolean => {
  const left = new Set(a)
  const right = new Set(b)
  return left.size === right.size && [...left].every((x) => right.has(x))
}

/**
 * Grades one response (docs/behaviour.md, "Quizzes"): a question scores its points when the set
 * selected equals the set of correct answers; the grade is scored / total x 100, rounded; when
 * every question is worth 0 points each counts as 1; a wrong eliminatory question makes it 0.
 * `selected[i]` holds the options chosen for question i.
 */
export const gradeResponse = (
  questions: readonly QuestionDoc[],
  selected: readonly (readonly number[])[],
): Graded => {
  const allZero = questions.every((q) => q.points === 0)
  // Quizzes stored before points were bounded may add up past the largest number: weighing each
  // question against the largest keeps the same ratio with a finite total.
  const sum = questions.reduce((total, q) => total + q.points, 0)
  const scale = Number.isFinite(sum) ? 1 : Math.max(...questions.map((q) => q.points))
  const weight = (q: QuestionDoc) => (allZero ? 1 : q.points / scale)
  let total = 0
  let scored = 0
  let eliminated = false
  const correctionDetails = questions.map((question, questionIndex) => {
    const correctAnswers = indexesOfCorrect(question)
    const userSelected = [...new Set(selected[questionIndex] ?? [])].sort((a, b) => a - b)
    const right = sameSet(correctAnswers, userSelected)
    total += weight(question)
    if (right) scored += weight(question)
    else if (question.isEliminatory) eliminated = true
    return { questionIndex, correctAnswers, userSelected }
  })
  const grade = eliminated || total === 0 ? 0 : Math.round((scored / total) * 100)
  return { grade, correctionDetails }
}
