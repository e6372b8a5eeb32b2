import { describe, expect, it } from 'vitest'
import { gradeCorrection, gradeResponse, type KeyedQuestion } from './grading.js'

/** A question whose options are correct where `correct` says so. */
const q = (correct: boolean[], points = 1, isEliminatory = false): KeyedQuestion => ({
  possibleAnswers: correct.map((isCorrect) => ({ isCorrect })),
  points,
  isEliminatory,
})

describe('gradeResponse (docs/behaviour.md, "Quizzes")', () => {
  it.each([
    ['all right', [q([true, false], 2), q([false, true], 3)], [[0], [1]], 100],
    ['one wrong, weighted by points', [q([true, false], 2), q([false, true], 3)], [[0], [0]], 40],
    ['all wrong', [q([true, false]), q([false, true])], [[1], [0]], 0],
    [
      'rounded to a whole percent',
      [q([true, false]), q([true, false]), q([true, false])],
      [[0], [0], [1]],
      67,
    ],
    [
      'all points 0: each question counts 1',
      [q([true, false], 0), q([true, false], 0)],
      [[0], [1]],
      50,
    ],
    [
      'a wrong eliminatory question makes it 0',
      [q([true, false], 1, true), q([true, false], 9)],
      [[1], [0]],
      0,
    ],
    [
      'a right eliminatory question counts as usual',
      [q([true, false], 1, true), q([true, false], 1)],
      [[0], [1]],
      50,
    ],
    ['multi-answer: the exact set scores', [q([true, true, false], 1)], [[1, 0]], 100],
    ['multi-answer: a subset does not', [q([true, true, false], 1)], [[0]], 0],
    ['multi-answer: a superset does not', [q([true, true, false], 1)], [[0, 1, 2]], 0],
    [
      'points stored before they were bounded, adding up past the largest number',
      [q([true, false], 1e308), q([true, false], 1e308), q([true, false], 5e307)],
      [[0], [1], [0]],
      60,
    ],
  ])('%s', (_name, questions, selected, grade) => {
    expect(gradeResponse(questions, selected).grade).toBe(grade)
  })

  it('corrects each question: its correct answers and what was chosen, in order', () => {
    const { correctionDetails } = gradeResponse(
      [q([false, true, true]), q([true, false])],
      [[2, 1, 2], [1]],
    )
    expect(correctionDetails).toEqual([
      { questionIndex: 0, correctAnswers: [1, 2], userSelected: [1, 2] },
      { questionIndex: 1, correctAnswers: [0], userSelected: [1] },
    ])
  })

  it('grades its own correction as gradeCorrection reads it back', () => {
    const questions = [q([true, false], 2), q([false, true], 1, true), q([true, true], 3)]
    const sent = gradeResponse(questions, [[0], [0], [0, 1]])
    expect(gradeCorrection(questions, sent.correctionDetails)).toEqual({
      grade: sent.grade,
      scores: sent.scores,
      eliminatedBy: sent.eliminatedBy,
    })
  })
})

describe('gradeCorrection (docs/quizzes.md, "Correction")', () => {
  const correction = (questionIndex: number, correctAnswers: number[], userSelected: number[]) => ({
    questionIndex,
    correctAnswers,
    userSelected,
  })

  it('says what each question was worth and earned', () => {
    const graded = gradeCorrection(
      [q([true, false], 2), q([true, false], 3)],
      [correction(0, [0], [0]), correction(1, [0], [1])],
    )
    expect(graded.grade).toBe(40)
    expect(graded.scores).toEqual([
      { questionIndex: 0, right: true, isEliminatory: false, worth: 2, earned: 2 },
      { questionIndex: 1, right: false, isEliminatory: false, worth: 3, earned: 0 },
    ])
    expect(graded.eliminatedBy).toEqual([])
  })

  it('shows what counted when every question is worth 0: 1 each', () => {
    const graded = gradeCorrection(
      [q([true, false], 0), q([true, false], 0)],
      [correction(0, [0], [0]), correction(1, [0], [1])],
    )
    expect(graded.scores.map(({ worth, earned }) => [worth, earned])).toEqual([
      [1, 1],
      [1, 0],
    ])
    expect(graded.grade).toBe(50)
  })

  it('names the eliminatory questions answered wrongly, which make the grade 0', () => {
    const graded = gradeCorrection(
      [q([true, false], 1, true), q([true, false], 2), q([true, false], 1, true)],
      [correction(0, [0], [1]), correction(1, [0], [0]), correction(2, [0], [1])],
    )
    expect(graded.eliminatedBy).toEqual([0, 2])
    expect(graded.grade).toBe(0)
    // The other questions keep what they earned: only the grade is decided by the miss.
    expect(graded.scores[1]).toMatchObject({ right: true, earned: 2 })
  })

  it('names no question when the eliminatory ones were right, even at 0%', () => {
    const graded = gradeCorrection(
      [q([true, false], 1, true), q([true, false], 0)],
      [correction(0, [0], [0]), correction(1, [0], [1])],
    )
    expect(graded.eliminatedBy).toEqual([])
    expect(graded.grade).toBe(100)
  })

  it('finds each correction by its question index, in whatever order, and counts a missing one wrong', () => {
    const graded = gradeCorrection(
      [q([true, false], 1), q([true, false], 1, true), q([true, false], 1)],
      [correction(2, [0], [0]), correction(0, [0], [0])],
    )
    expect(graded.scores.map((s) => s.right)).toEqual([true, false, true])
    expect(graded.eliminatedBy).toEqual([1])
  })
})
