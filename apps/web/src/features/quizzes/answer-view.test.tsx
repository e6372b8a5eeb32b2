import { pollFileName } from '@palabre/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWith } from '../../test/render-with'
import { PollCard } from './poll-card'
import {
  eliminatedResponse,
  refusal,
  respondent,
  samplePoll,
  sampleResponse,
  stubApi,
  unansweredPoll,
  type ApiCall,
} from './test-support'

const fileName = pollFileName('Safety quiz', 'poll42')
const responseUrl = `/api/polls/poll42/response?respondentPhone=${respondent}`

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The server of a respondent: the quiz without its answers, and `response` for the rest. */
const server = (response: (call: ApiCall) => [number, unknown?]) =>
  stubApi((call) => {
    if (call.url === '/api/poll/poll42') return [200, unansweredPoll()]
    return response(call)
  })
const noResponseYet = (call: ApiCall): [number, unknown?] =>
  call.method === 'GET'
    ? refusal(404, 'No response recorded for this poll.')
    : [201, sampleResponse]

const open = async () => {
  renderWith(<PollCard fileName={fileName} viewerPhone={respondent} viewerName="Bob" />)
  fireEvent.click(screen.getByRole('button', { name: 'Open the quiz Safety quiz' }))
  return screen.findByRole('dialog', { name: 'Safety quiz' })
}
const questions = () => screen.getAllByTestId('poll-question')
const checkbox = (question: number, answer: string | RegExp) =>
  within(questions()[question]!).getByRole('checkbox', { name: answer }) as HTMLInputElement
const submitButton = () => screen.getByRole('button', { name: 'Submit the quiz' })
/** Graded, the quiz has nothing left to submit: no button at all. */
const expectNoSubmit = () =>
  expect(screen.queryByRole('button', { name: 'Submit the quiz' })).toBeNull()
const marks = () => screen.getAllByTestId('poll-answer').map((li) => li.className)

describe('Answering a quiz (docs/quizzes.md, "Answering")', () => {
  it('asks every question, with its points, its recording and its eliminatory mark', async () => {
    server(noResponseYet)
    await open()
    await waitFor(() => expect(questions()).toHaveLength(2))
    const [first, second] = questions()
    expect(first!.textContent).toContain('1. Which are colours?')
    expect(first!.textContent).toContain('2 points')
    expect(first!.textContent).not.toContain('(Eliminatory)')
    expect(second!.textContent).toContain('(Eliminatory)')
    expect(second!.textContent).toContain('1 point')
    const audio = within(second!).getByLabelText('Recording of the question')
    expect(audio.getAttribute('src')).toBe('/api/files/recording___abcabcabcabc.webm')
    expect(console.info).toHaveBeenCalledWith('Aucune réponse enregistrée pour ce poll')
    expect(screen.queryByText(/Your grade/)).toBeNull()
  })

  it('sends once every question has an answer, then shows the grade and the correction, locked, without the submit button', async () => {
    const calls = server(noResponseYet)
    await open()
    await waitFor(() => expect(questions()).toHaveLength(2))
    expect(submitButton().hasAttribute('disabled')).toBe(true)
    fireEvent.click(checkbox(0, 'Red'))
    fireEvent.click(checkbox(0, 'Seven'))
    fireEvent.click(checkbox(0, 'Seven'))
    expect(submitButton().hasAttribute('disabled')).toBe(true)
    fireEvent.click(checkbox(1, '✓'))
    expect(submitButton().hasAttribute('disabled')).toBe(false)
    fireEvent.click(submitButton())

    expect(await screen.findByText('Your grade: 33%')).toBeTruthy()
    const posted = calls.find((call) => call.method === 'POST')
    expect(posted?.url).toBe('/api/polls/poll42/response')
    expect(posted?.body).toEqual({
      nameRespondent: 'Bob',
      phoneRespondent: respondent,
      answers: [
        { questionIndex: 0, selectedAnswers: [0] },
        { questionIndex: 1, selectedAnswers: [0] },
      ],
    })
    // Red and Blue are right (green), Seven was not chosen; ✓ right and chosen.
    expect(marks()).toEqual([
      'poll-answer poll-answer--correct',
      'poll-answer poll-answer--correct',
      'poll-answer poll-answer--neutral',
      'poll-answer poll-answer--correct',
      'poll-answer poll-answer--neutral',
    ])
    expect(screen.getAllByText('(correct answer)')).toHaveLength(3)
    for (const box of screen.getAllByRole('checkbox'))
      expect(box.hasAttribute('disabled')).toBe(true)
    expect(checkbox(0, /^Red/).checked).toBe(true)
    expect(checkbox(0, /^Blue/).checked).toBe(false)
    expectNoSubmit()
    // The button it was on is gone: the focus is on the grade.
    expect(document.activeElement).toBe(screen.getByText('Your grade: 33%'))
  })

  it('marks a wrong choice red, with words as well as colour', async () => {
    server((call) =>
      call.method === 'GET'
        ? [
            200,
            {
              grade: 0,
              answers: [
                { questionIndex: 0, selectedAnswers: [2] },
                { questionIndex: 1, selectedAnswers: [1] },
              ],
              correctionDetails: [
                { questionIndex: 0, correctAnswers: [0, 1], userSelected: [2] },
                { questionIndex: 1, correctAnswers: [0], userSelected: [1] },
              ],
            },
          ]
        : [500],
    )
    await open()
    expect(await screen.findByText('Your grade: 0%')).toBeTruthy()
    expect(screen.getAllByTestId('poll-answer').map((li) => li.dataset['mark'])).toEqual([
      'correct',
      'correct',
      'wrong',
      'correct',
      'wrong',
    ])
    expect(screen.getAllByText('(wrong choice)')).toHaveLength(2)
  })

  it('shows an earlier response at once, locked, with nothing to submit, sending nothing', async () => {
    const calls = server((call) => (call.method === 'GET' ? [200, sampleResponse] : [500]))
    await open()
    expect(await screen.findByText('Your grade: 33%')).toBeTruthy()
    expect(calls.map((c) => c.url)).toEqual(['/api/poll/poll42', responseUrl])
    for (const box of screen.getAllByRole('checkbox'))
      expect(box.hasAttribute('disabled')).toBe(true)
    expectNoSubmit()
    expect(console.info).not.toHaveBeenCalled()
  })

  it('graded, shows per question the points it was worth and earned, and no eliminatory reason when none was missed', async () => {
    server((call) => (call.method === 'GET' ? [200, sampleResponse] : [500]))
    await open()
    expect(await screen.findByText('Your grade: 33%')).toBeTruthy()
    const [first, second] = questions()
    expect(within(first!).getByText('Points earned: 0 of 2')).toBeTruthy()
    expect(within(second!).getByText('Points earned: 1 of 1')).toBeTruthy()
    expect(screen.queryByTestId('poll-eliminated')).toBeNull()
    expect(screen.getByText('Your grade: 33%').hasAttribute('aria-describedby')).toBe(false)
  })

  it('after an eliminatory miss, says beside the grade which question decided it, in words read with the grade', async () => {
    const calls = server((call) =>
      call.method === 'GET'
        ? refusal(404, 'No response recorded for this poll.')
        : [201, eliminatedResponse],
    )
    await open()
    await waitFor(() => expect(questions()).toHaveLength(2))
    fireEvent.click(checkbox(0, 'Red'))
    fireEvent.click(checkbox(0, 'Blue'))
    fireEvent.click(checkbox(1, '✗'))
    fireEvent.click(submitButton())

    const grade = await screen.findByText('Your grade: 0%')
    const reason = screen.getByTestId('poll-eliminated')
    expect(reason.textContent).toBe(
      'Question 2 is eliminatory and was answered wrongly, so the grade is 0%.',
    )
    // Right after the grade, and read with it when the focus lands there.
    expect(grade.nextElementSibling).toBe(reason)
    expect(document.activeElement).toBe(grade)
    expect(grade.getAttribute('aria-describedby')).toBe(reason.id)
    // The points the other question earned stand: the miss decided the grade alone.
    const [first, second] = questions()
    expect(within(first!).getByText('Points earned: 2 of 2')).toBeTruthy()
    expect(within(second!).getByText('Points earned: 0 of 1')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  it('names every eliminatory question missed, and counts 1 each when all are worth 0 points', async () => {
    const zero = samplePoll()
    const poll = {
      ...zero,
      questions: zero.questions.map((q) => ({ ...q, points: 0, isEliminatory: true })),
    }
    stubApi((call) =>
      call.url === '/api/poll/poll42'
        ? [200, poll]
        : [
            200,
            {
              grade: 0,
              answers: [
                { questionIndex: 0, selectedAnswers: [2] },
                { questionIndex: 1, selectedAnswers: [1] },
              ],
              correctionDetails: [
                { questionIndex: 0, correctAnswers: [0, 1], userSelected: [2] },
                { questionIndex: 1, correctAnswers: [0], userSelected: [1] },
              ],
            },
          ],
    )
    await open()
    expect((await screen.findByTestId('poll-eliminated')).textContent).toBe(
      'Questions 1 and 2 are eliminatory and were answered wrongly, so the grade is 0%.',
    )
    expect(questions().map((q) => q.querySelector('.poll-question__points')?.textContent)).toEqual([
      'Points earned: 0 of 1',
      'Points earned: 0 of 1',
    ])
  })

  it('on 409 (answered elsewhere meanwhile) reloads the first response and shows it', async () => {
    let answered = false
    server((call) => {
      if (call.method === 'POST') {
        answered = true
        return refusal(409, 'This poll was already answered.')
      }
      return answered ? [200, sampleResponse] : refusal(404, 'No response recorded for this poll.')
    })
    await open()
    await waitFor(() => expect(questions()).toHaveLength(2))
    fireEvent.click(checkbox(0, 'Seven'))
    fireEvent.click(checkbox(1, '✗'))
    fireEvent.click(submitButton())
    expect(await screen.findByText('Your grade: 33%')).toBeTruthy()
    expect(checkbox(0, /^Red/).checked).toBe(true)
    expect(screen.queryByRole('alert')).toBeNull()
    expectNoSubmit()
  })

  it('keeps the answers and says why when sending fails', async () => {
    server((call) =>
      call.method === 'POST'
        ? refusal(500, 'Something broke.')
        : refusal(404, 'No response recorded for this poll.'),
    )
    await open()
    await waitFor(() => expect(questions()).toHaveLength(2))
    fireEvent.click(checkbox(0, 'Blue'))
    fireEvent.click(checkbox(1, '✓'))
    fireEvent.click(submitButton())
    expect((await screen.findByRole('alert')).textContent).toBe('Something broke.')
    expect(checkbox(0, 'Blue').checked).toBe(true)
    expect(checkbox(0, 'Blue').hasAttribute('disabled')).toBe(false)
    expect(submitButton().hasAttribute('disabled')).toBe(false)
  })

  it('says so in the modal when the quiz cannot be read', async () => {
    stubApi(() => refusal(403, 'You are not part of a conversation holding this poll.'))
    const dialog = await open()
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You are not part of a conversation holding this poll.',
    )
  })
})
