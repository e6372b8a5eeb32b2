import { describe, expect, it } from 'vitest'
import { gradeResponse } from './grading.js'
import type { QuestionDoc } from './poll-model.js'

/** A question whose options are correct where `correct` says so. */
const q = (correct: boolean[], points = 1, isEliminatory = false): QuestionDoc => ({
  isAudio: false,
  questionText: 'Q',
  possibleAnswers: correct.map((isCorrect, i) => ({ text: `a${i}`, isAudio: false, isCorrect })),
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
})
