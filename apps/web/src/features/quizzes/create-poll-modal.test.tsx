import { messages } from '@palabre/contracts'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWith } from '../../test/render-with'
import { CreatePollModal, type CreatePollModalProps } from './create-poll-modal'
import { creator, refusal, stubApi } from './test-support'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const renderModal = (props: Partial<CreatePollModalProps> = {}) => {
  const onCreated = vi.fn()
  const onClose = vi.fn()
  renderWith(
    <CreatePollModal
      open
      creatorPhone={creator}
      onClose={onClose}
      onCreated={onCreated}
      {...props}
    />,
  )
  return { onCreated, onClose }
}

const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` })
const answersOf = (group: HTMLElement) =>
  within(group)
    .getAllByRole('textbox', { name: /^Answer \d+$/ })
    .map((input) => (input as HTMLInputElement).value)
const submitButton = () => screen.getByRole('button', { name: 'Create the quiz' })
const createdBody = (calls: { url: string; body: unknown }[]) =>
  calls.find((call) => call.url === '/api/createPoll')?.body

describe('CreatePollModal (docs/quizzes.md, "Creating")', () => {
  it("starts with one question whose answers are '✓' and '✗'; answers and questions come and go", async () => {
    renderModal()
    expect(screen.getByRole('heading', { name: 'New quiz' })).toBeTruthy()
    expect(answersOf(question(1))).toEqual(['✓', '✗'])

    fireEvent.click(within(question(1)).getByRole('button', { name: '+ Add an answer' }))
    expect(answersOf(question(1))).toEqual(['✓', '✗', ''])
    fireEvent.click(within(question(1)).getByRole('button', { name: 'Remove answer 1' }))
    expect(answersOf(question(1))).toEqual(['✗', ''])

    fireEvent.click(screen.getByRole('button', { name: '+ Add a question' }))
    expect(answersOf(question(2))).toEqual(['✓', '✗'])
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }))
    expect(screen.queryByRole('group', { name: 'Question 2' })).toBeNull()
    // The question left is the new one, now the first.
    expect(answersOf(question(1))).toEqual(['✓', '✗'])
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }))
    expect(await screen.findByText(messages.poll.noQuestion)).toBeTruthy()
  })

  it('lists the answers as list items, each holding its answer group (a list holds items only)', () => {
    renderModal()
    const list = within(question(1)).getByRole('list')
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    // Nothing but items directly in the list: the groups are inside them.
    expect([...list.children].map((child) => child.tagName)).toEqual(['LI', 'LI'])
    items.forEach((item, index) =>
      expect(within(item).getByRole('group', { name: `Answer ${index + 1}` })).toBeTruthy(),
    )
  })

  it("keeps Create disabled while invalid, with the product's messages once touched", async () => {
    const user = userEvent.setup()
    renderModal()
    expect(submitButton().hasAttribute('disabled')).toBe(true)
    expect(screen.queryByText('The title is required.')).toBeNull()

    await user.click(screen.getByRole('textbox', { name: 'Title' }))
    await user.click(within(question(1)).getByRole('textbox', { name: 'Question 1' }))
    expect(await screen.findByText('The title is required.')).toBeTruthy()
    await user.click(screen.getByRole('textbox', { name: 'Title' }))
    expect(await screen.findByText('The question text is required.')).toBeTruthy()
    // Leaving the question also says what its answers lack.
    expect(await screen.findByText(messages.poll.noCorrectAnswer)).toBeTruthy()

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Quiz')
    await user.type(within(question(1)).getByRole('textbox', { name: 'Question 1' }), 'Why?')
    await waitFor(() => expect(screen.queryByText('The title is required.')).toBeNull())
    expect(screen.queryByText('The question text is required.')).toBeNull()
    // No correct answer yet.
    expect(submitButton().hasAttribute('disabled')).toBe(true)
    await user.click(within(question(1)).getAllByRole('checkbox', { name: 'Correct answer' })[0]!)
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false))
    expect(screen.queryByText(messages.poll.noCorrectAnswer)).toBeNull()

    // An answerless question is refused too.
    fireEvent.click(within(question(1)).getByRole('button', { name: 'Remove answer 2' }))
    fireEvent.click(within(question(1)).getByRole('button', { name: 'Remove answer 1' }))
    expect(await screen.findByText(messages.poll.noAnswer)).toBeTruthy()
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(true))
  })

  it('refuses points below 0', async () => {
    const user = userEvent.setup()
    renderModal()
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Quiz')
    await user.type(within(question(1)).getByRole('textbox', { name: 'Question 1' }), 'Why?')
    await user.click(within(question(1)).getAllByRole('checkbox', { name: 'Correct answer' })[0]!)
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false))
    const points = within(question(1)).getByRole('spinbutton', { name: 'Points' })
    expect((points as HTMLInputElement).value).toBe('0')
    fireEvent.change(points, { target: { value: '-1' } })
    fireEvent.blur(points)
    expect(await screen.findByText(messages.poll.pointsRequired)).toBeTruthy()
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(true))
    fireEvent.change(points, { target: { value: '3' } })
    await waitFor(() => expect(screen.queryByText(messages.poll.pointsRequired)).toBeNull())
    expect(submitButton().hasAttribute('disabled')).toBe(false)
  })

  it('sends what was typed, as the signed-in creator, then hands the quiz over and closes', async () => {
    const user = userEvent.setup()
    const calls = stubApi(() => [201, { pollId: 'p42', title: 'Safety quiz' }])
    const { onCreated, onClose } = renderModal()
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '  Safety quiz ')
    const first = question(1)
    await user.type(within(first).getByRole('textbox', { name: 'Question 1' }), 'Colours?')
    await user.clear(within(first).getByRole('textbox', { name: 'Answer 1' }))
    await user.type(within(first).getByRole('textbox', { name: 'Answer 1' }), 'Red')
    await user.click(within(first).getAllByRole('checkbox', { name: 'Correct answer' })[0]!)
    fireEvent.change(within(first).getByRole('spinbutton', { name: 'Points' }), {
      target: { value: '2' },
    })
    fireEvent.click(screen.getByRole('button', { name: '+ Add a question' }))
    const second = question(2)
    await user.type(within(second).getByRole('textbox', { name: 'Question 2' }), 'Exit left?')
    await user.click(within(second).getAllByRole('checkbox', { name: 'Correct answer' })[1]!)
    await user.click(within(second).getByRole('checkbox', { name: 'Eliminatory' }))

    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false))
    fireEvent.click(submitButton())
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(onCreated).toHaveBeenCalledWith({ pollId: 'p42', title: 'Safety quiz' })
    expect(calls.map((c) => [c.method, c.url])).toEqual([['POST', '/api/createPoll']])
    expect(createdBody(calls)).toEqual({
      phoneCreatorPoll: creator,
      title: 'Safety quiz',
      questions: [
        {
          isAudio: false,
          questionText: 'Colours?',
          possibleAnswers: [
            { text: 'Red', isAudio: false, isCorrect: true },
            { text: '✗', isAudio: false, isCorrect: false },
          ],
          points: 2,
          isEliminatory: false,
        },
        {
          isAudio: false,
          questionText: 'Exit left?',
          possibleAnswers: [
            { text: '✓', isAudio: false, isCorrect: false },
            { text: '✗', isAudio: false, isCorrect: true },
          ],
          points: 0,
          isEliminatory: true,
        },
      ],
    })
  })

  it("stays open with the server's reason when the quiz is refused", async () => {
    const user = userEvent.setup()
    stubApi(() => refusal(403, 'You can only create quizzes as yourself.'))
    const { onCreated, onClose } = renderModal()
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Quiz')
    await user.type(within(question(1)).getByRole('textbox', { name: 'Question 1' }), 'Why?')
    await user.click(within(question(1)).getAllByRole('checkbox', { name: 'Correct answer' })[0]!)
    await waitFor(() => expect(submitButton().hasAttribute('disabled')).toBe(false))
    fireEvent.click(submitButton())
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can only create quizzes as yourself.',
    )
    expect(onCreated).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('speaks French around the product texts', () => {
    renderWith(
      <CreatePollModal open creatorPhone={creator} onClose={vi.fn()} onCreated={vi.fn()} />,
      'fr',
    )
    expect(screen.getByRole('heading', { name: 'Nouveau QCM' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '+ Ajouter une question' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Créer le QCM' })).toBeTruthy()
  })
})
