import { messages, pollFileName } from '@palabre/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWith } from '../../test/render-with'
import { CreatePollModal } from './create-poll-modal'
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
  unansweredPoll,
} from './test-support'

/**
 * Every quiz screen in French: the product's own French texts, verbatim, and nothing of the
 * English screen beside them (docs/quizzes.md, "Languages").
 */
const fileName = pollFileName('Safety quiz', 'poll42')

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** No English text of the quiz screens is on the page. */
const expectNoEnglish = () => {
  const text = document.body.textContent ?? ''
  const english = ['Your grade', 'Submit', 'Eliminatory', 'Participant name', 'Grade', 'results']
  for (const word of english) expect(text).not.toContain(word)
}

describe('Quiz screens in French (docs/quizzes.md, "Languages")', () => {
  it('creating: French labels and the French field messages of the product', async () => {
    const user = userEvent.setup()
    renderWith(
      <CreatePollModal open creatorPhone={creator} onClose={vi.fn()} onCreated={vi.fn()} />,
      'fr',
    )
    expect(screen.getByRole('heading', { name: 'Nouveau QCM' })).toBeTruthy()
    await user.click(screen.getByRole('textbox', { name: 'Titre' }))
    await user.click(screen.getByRole('textbox', { name: 'Question 1' }))
    expect(await screen.findByText(messages.poll.titleRequired)).toBeTruthy()
    await user.click(screen.getByRole('textbox', { name: 'Titre' }))
    expect(await screen.findByText(messages.poll.questionTextRequired)).toBeTruthy()
    expect(
      await screen.findByText('Chaque question a besoin d’au moins une bonne réponse.'),
    ).toBeTruthy()
    expect(screen.queryByText(messages.poll.noCorrectAnswer)).toBeNull()
    expect(screen.getByRole('button', { name: 'Créer le QCM' })).toBeTruthy()
  })

  it("answering: '(Éliminatoire)', 'Valider le QCM', then 'Votre note : N%'", async () => {
    stubApi((call) => {
      if (call.url === '/api/poll/poll42') return [200, unansweredPoll()]
      return call.method === 'GET' ? refusal(404, 'No response.') : [201, sampleResponse]
    })
    vi.spyOn(console, 'info').mockImplementation(() => undefined)
    renderWith(<PollCard fileName={fileName} viewerPhone={respondent} viewerName="Bob" />, 'fr')
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le QCM Safety quiz' }))
    await screen.findByRole('dialog', { name: 'Safety quiz' })
    await waitFor(() => expect(screen.getAllByTestId('poll-question')).toHaveLength(2))
    const [first, second] = screen.getAllByTestId('poll-question')
    expect(second!.textContent).toContain(messages.poll.eliminatory)
    fireEvent.click(within(first!).getByRole('checkbox', { name: 'Red' }))
    fireEvent.click(within(second!).getByRole('checkbox', { name: '✓' }))
    fireEvent.click(screen.getByRole('button', { name: messages.poll.submit }))
    expect(await screen.findByText(messages.poll.grade(33))).toBeTruthy()
    // Graded: 'Valider le QCM' is gone (docs/quizzes.md, "Answering").
    expect(screen.queryByRole('button', { name: messages.poll.submit })).toBeNull()
    expectNoEnglish()
  })

  it("graded after an eliminatory miss: the reason and each question's points, in French", async () => {
    stubApi((call) =>
      call.url === '/api/poll/poll42' ? [200, samplePoll()] : [200, eliminatedResponse],
    )
    renderWith(<PollCard fileName={fileName} viewerPhone={respondent} viewerName="Bob" />, 'fr')
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le QCM Safety quiz' }))
    expect(await screen.findByText(messages.poll.grade(0))).toBeTruthy()
    expect(screen.getByTestId('poll-eliminated').textContent).toBe(
      'La question 2 est éliminatoire et sa réponse est fausse : la note est donc de 0%.',
    )
    expect(
      screen
        .getAllByTestId('poll-question')
        .map((q) => q.querySelector('.poll-question__points')?.textContent),
    ).toEqual(['Points obtenus : 2 sur 2', 'Points obtenus : 0 sur 1'])
    expectNoEnglish()
  })

  it('names several eliminatory questions missed as a French list', async () => {
    const poll = samplePoll()
    stubApi((call) =>
      call.url === '/api/poll/poll42'
        ? [200, { ...poll, questions: poll.questions.map((q) => ({ ...q, isEliminatory: true })) }]
        : [
            200,
            {
              ...eliminatedResponse,
              correctionDetails: [
                { questionIndex: 0, correctAnswers: [0, 1], userSelected: [0] },
                { questionIndex: 1, correctAnswers: [0], userSelected: [1] },
              ],
            },
          ],
    )
    renderWith(<PollCard fileName={fileName} viewerPhone={respondent} viewerName="Bob" />, 'fr')
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le QCM Safety quiz' }))
    expect((await screen.findByTestId('poll-eliminated')).textContent).toBe(
      'Les questions 1 et 2 sont éliminatoires et leurs réponses sont fausses : la note est donc de 0%.',
    )
  })

  it('results and a correction, for the creator: the French table and grade', async () => {
    stubApi((call) => {
      if (call.url === '/api/poll/poll42') return [200, samplePoll()]
      if (call.url.startsWith('/api/polls/poll42/response')) return [200, sampleResponse]
      return [
        200,
        sampleResults([{ respondentName: 'Bob', respondentPhone: respondent, grade: 33 }]),
      ]
    })
    renderWith(<PollCard fileName={fileName} viewerPhone={creator} viewerName="Ann" />, 'fr')
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir le QCM Safety quiz' }))
    const dialog = await screen.findByRole('dialog', { name: 'Safety quiz' })
    expect(
      await within(dialog).findByRole('heading', { name: messages.poll.resultsHeading(1) }),
    ).toBeTruthy()
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([messages.poll.participantColumn, messages.poll.gradeColumn])
    expectNoEnglish()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Bob' }))
    expect(
      await within(dialog).findByRole('heading', { name: messages.poll.correctionFor('Bob') }),
    ).toBeTruthy()
    expect(await within(dialog).findByText('Note : 33%')).toBeTruthy()
    expectNoEnglish()
  })
})
