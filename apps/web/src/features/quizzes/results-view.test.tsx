import { pollFileName } from '@palabre/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWith } from '../../test/render-with'
import { PollCard } from './poll-card'
import {
  creator,
  eliminatedResponse,
  refusal,
  respondent,
  samplePoll,
  sampleResponse,
  sampleResults,
  stubApi,
} from './test-support'

const fileName = pollFileName('Safety quiz', 'poll42')

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const openAsCreator = async () => {
  renderWith(<PollCard fileName={fileName} viewerPhone={creator} viewerName="Ann" />)
  fireEvent.click(screen.getByRole('button', { name: 'Open the quiz Safety quiz' }))
  return screen.findByRole('dialog', { name: 'Safety quiz' })
}

const participants = [
  { respondentName: 'Bob', respondentPhone: respondent, grade: 33 },
  { respondentName: 'Cleo', respondentPhone: '33633333333', grade: 100 },
]

describe('The results of a quiz, for its creator (docs/quizzes.md, "Results")', () => {
  it('lists the participants and their grades under a summary', async () => {
    const calls = stubApi((call) =>
      call.url === '/api/poll/poll42' ? [200, samplePoll()] : [200, sampleResults(participants)],
    )
    const dialog = await openAsCreator()
    expect(
      await within(dialog).findByRole('heading', { name: "Participants' results (2)" }),
    ).toBeTruthy()
    const table = within(dialog).getByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Participant name', 'Grade (%)'])
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Bob33', 'Cleo100'])
    expect(dialog.querySelector('.poll-results__summary')?.textContent).toBe(
      'QuizSafety quizQuestions2Participants2',
    )
    expect(calls.map((c) => c.url)).toEqual(['/api/poll/poll42', '/api/polls/poll42/results'])
  })

  it("reads 'No results available for this quiz yet.' before anyone answers", async () => {
    stubApi((call) =>
      call.url === '/api/poll/poll42' ? [200, samplePoll()] : [200, sampleResults([])],
    )
    const dialog = await openAsCreator()
    expect(await within(dialog).findByText('No results available for this quiz yet.')).toBeTruthy()
    expect(within(dialog).getByRole('heading', { name: "Participants' results (0)" })).toBeTruthy()
    expect(within(dialog).queryByRole('table')).toBeNull()
  })

  it("opens a participant's correction, locked and marked, and goes back to the table", async () => {
    const calls = stubApi((call) => {
      if (call.url === '/api/poll/poll42') return [200, samplePoll()]
      if (call.url === '/api/polls/poll42/results') return [200, sampleResults(participants)]
      return [200, sampleResponse]
    })
    const dialog = await openAsCreator()
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Bob' }))
    const heading = await within(dialog).findByRole('heading', { name: 'Correction for Bob' })
    expect(document.activeElement).toBe(heading)
    expect(await within(dialog).findByText('Grade: 33%')).toBeTruthy()
    expect(calls.at(-1)?.url).toBe(`/api/polls/poll42/response?respondentPhone=${respondent}`)
    const answers = within(dialog).getAllByTestId('poll-answer')
    expect(answers.map((li) => li.dataset['mark'])).toEqual([
      'correct',
      'correct',
      'neutral',
      'correct',
      'neutral',
    ])
    expect(within(dialog).getByText('(Eliminatory)')).toBeTruthy()
    for (const box of within(dialog).getAllByRole('checkbox'))
      expect(box.hasAttribute('disabled')).toBe(true)
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([true, false, false, true, false])

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }))
    const back = await within(dialog).findByRole('heading', {
      name: "Participants' results (2)",
    })
    expect(document.activeElement).toBe(back)
  })

  it("shows in a participant's correction that an eliminatory miss decided their 0%, and each question's points", async () => {
    stubApi((call) => {
      if (call.url === '/api/poll/poll42') return [200, samplePoll()]
      if (call.url === '/api/polls/poll42/results')
        return [
          200,
          sampleResults([{ respondentName: 'Bob', respondentPhone: respondent, grade: 0 }]),
        ]
      return [200, eliminatedResponse]
    })
    const dialog = await openAsCreator()
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Bob' }))
    const grade = await within(dialog).findByText('Grade: 0%')
    const reason = within(dialog).getByTestId('poll-eliminated')
    expect(reason.textContent).toBe(
      'Question 2 is eliminatory and was answered wrongly, so the grade is 0%.',
    )
    expect(grade.getAttribute('aria-describedby')).toBe(reason.id)
    expect(
      within(dialog)
        .getAllByTestId('poll-question')
        .map((q) => q.querySelector('.poll-question__points')?.textContent),
    ).toEqual(['Points earned: 2 of 2', 'Points earned: 0 of 1'])
  })

  it('says so when the results cannot be read', async () => {
    stubApi((call) =>
      call.url === '/api/poll/poll42'
        ? [200, samplePoll()]
        : refusal(503, 'The service is unavailable for a moment. Please try again.'),
    )
    const dialog = await openAsCreator()
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The service is unavailable for a moment. Please try again.',
    )
  })
})

describe('PollCard (docs/quizzes.md, "The card")', () => {
  it("shows the quiz's title from its attachment name, with no request", () => {
    const calls = stubApi(() => [500])
    renderWith(
      <PollCard
        fileName={pollFileName('Team quiz', 'p7')}
        viewerPhone={respondent}
        viewerName="Bob"
      />,
    )
    const card = screen.getByTestId('poll-card')
    expect(card.textContent).toBe('Quiz: Team quizOpen')
    expect(calls).toEqual([])
  })

  it('speaks French', () => {
    renderWith(
      <PollCard fileName={pollFileName('Quiz', 'p7')} viewerPhone={respondent} viewerName="Bob" />,
      'fr',
    )
    expect(screen.getByRole('button', { name: 'Ouvrir le QCM Quiz' })).toBeTruthy()
  })

  it('closes its modal', async () => {
    stubApi((call) =>
      call.url === '/api/poll/poll42' ? [200, samplePoll()] : [200, sampleResults([])],
    )
    const dialog = await openAsCreator()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
