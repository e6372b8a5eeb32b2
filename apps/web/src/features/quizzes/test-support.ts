import type { Poll, PollResponse, PollResults } from '@palabre/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, vi } from 'vitest'

/** Test helpers of the quiz screens (docs/quizzes.md); tests only. */

export const creator = '33611111111'
export const respondent = '33622222222'

/** A quiz of two questions, the second eliminatory and recorded, as its creator reads it. */
export const samplePoll = (overrides: Partial<Poll> = {}): Poll => ({
  pollId: 'poll42',
  phoneCreatorPoll: creator,
  title: 'Safety quiz',
  createdAt: '2024-05-01T10:00:00.000Z',
  questions: [
    {
      isAudio: false,
      questionText: 'Which are colours?',
      possibleAnswers: [
        { text: 'Red', isAudio: false, isCorrect: true },
        { text: 'Blue', isAudio: false, isCorrect: true },
        { text: 'Seven', isAudio: false, isCorrect: false },
      ],
      points: 2,
      isEliminatory: false,
    },
    {
      isAudio: true,
      audioFileName: 'recording___abcabcabcabc.webm',
      questionText: 'Is the exit on the left?',
      possibleAnswers: [
        { text: '✓', isAudio: false, isCorrect: true },
        { text: '✗', isAudio: false, isCorrect: false },
      ],
      points: 1,
      isEliminatory: true,
    },
  ],
  ...overrides,
})

/** The poll as a respondent reads it before answering: no isCorrect. */
export const unansweredPoll = (): Poll => {
  const poll = samplePoll()
  return {
    ...poll,
    questions: poll.questions.map((q) => ({
      ...q,
      possibleAnswers: q.possibleAnswers.map(({ text, isAudio }) => ({ text, isAudio })),
    })),
  }
}

/** 'Red' alone on the first question (wrong), '✓' on the second (right): 1 point of 3. */
export const sampleResponse: PollResponse = {
  grade: 33,
  answers: [
    { questionIndex: 0, selectedAnswers: [0] },
    { questionIndex: 1, selectedAnswers: [0] },
  ],
  correctionDetails: [
    { questionIndex: 0, correctAnswers: [0, 1], userSelected: [0] },
    { questionIndex: 1, correctAnswers: [0], userSelected: [0] },
  ],
}

/**
 * Red and Blue on the first question (right, 2 points), '✗' on the second (wrong, and
 * eliminatory): 2 points of 3 earned, and a grade of 0.
 */
export const eliminatedResponse: PollResponse = {
  grade: 0,
  answers: [
    { questionIndex: 0, selectedAnswers: [0, 1] },
    { questionIndex: 1, selectedAnswers: [1] },
  ],
  correctionDetails: [
    { questionIndex: 0, correctAnswers: [0, 1], userSelected: [0, 1] },
    { questionIndex: 1, correctAnswers: [0], userSelected: [1] },
  ],
}

export const sampleResults = (responses: PollResults['responses'] = []): PollResults => ({
  title: 'Safety quiz',
  questionCount: 2,
  responseCount: responses.length,
  responses,
})

export interface ApiCall {
  method: string
  /** Path and query, as called. */
  url: string
  body: unknown
}

type Answer = [status: number, body?: unknown]

const errorBody = (status: number, message: string) => ({
  error: {
    code: status === 404 ? 'not_found' : status === 409 ? 'conflict' : 'internal',
    message,
  },
})

/** The server's refusal with its error body. */
export const refusal = (status: number, message: string): Answer => [
  status,
  errorBody(status, message),
]

/**
 * Stubs `fetch` for `callRoute`, as the wall's tests do: `answer` gets each call and returns
 * its status and JSON body. The calls are recorded. Restore with `vi.unstubAllGlobals()`.
 */
export const stubApi = (answer: (call: ApiCall) => Answer | Promise<Answer>) => {
  const calls: ApiCall[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined
      const call = { method: init?.method ?? 'GET', url: String(input), body }
      calls.push(call)
      const [status, payload] = await answer(call)
      return new Response(payload === undefined ? null : JSON.stringify(payload), {
        status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return calls
}

/**
 * A microphone and a MediaRecorder for jsdom, which has neither: `stop()` hands one chunk of
 * the recording and fires stop, as a browser does. `refuse` makes getUserMedia fail as a denied prompt.
 */
export const stubMicrophone = ({
  refuse = false,
  webm = true,
  mp4 = false,
}: {
  refuse?: boolean
  /** Whether the browser records webm (Safari did not before its version 18.4). */
  webm?: boolean
  /** Whether the browser records mp4 audio (Safari does). */
  mp4?: boolean
} = {}) => {
  const track = { stop: vi.fn() }
  const stream = { getTracks: () => [track] }
  const getUserMedia = vi.fn(async () => {
    if (refuse) throw new DOMException('Permission denied', 'NotAllowedError')
    return stream
  })
  const recorders: FakeMediaRecorder[] = []
  class FakeMediaRecorder {
    static isTypeSupported = (type: string) =>
      (webm && type === 'audio/webm') || (mp4 && type === 'audio/mp4')
    state: 'inactive' | 'recording' = 'inactive'
    ondataavailable: ((event: { data: Blob }) => void) | null = null
    onstop: (() => void) | null = null
    constructor(
      readonly stream: unknown,
      readonly options: { mimeType?: string },
    ) {
      recorders.push(this)
    }
    start() {
      this.state = 'recording'
    }
    stop() {
      this.state = 'inactive'
      this.ondataavailable?.({ data: new Blob(['webm-bytes'], { type: 'audio/webm' }) })
      this.onstop?.()
    }
  }
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder)
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia },
  })
  // jsdom has no object URLs nor media playback.
  URL.createObjectURL = vi.fn(() => 'blob:rec')
  URL.revokeObjectURL = vi.fn()
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined)
  return { getUserMedia, recorders, track }
}

/** Fills the open creation modal with a valid one-question quiz and creates it. */
export const createQuiz = async (title: string, questionText = 'Ready?') => {
  const user = userEvent.setup()
  const dialog = await screen.findByRole('dialog', { name: 'New quiz' })
  await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), title)
  const question = within(dialog).getByRole('group', { name: 'Question 1' })
  await user.type(within(question).getByRole('textbox', { name: 'Question 1' }), questionText)
  await user.click(within(question).getAllByRole('checkbox', { name: 'Correct answer' })[0]!)
  const create = within(dialog).getByRole('button', { name: 'Create the quiz' })
  await waitFor(() => expect(create.hasAttribute('disabled')).toBe(false))
  await user.click(create)
}
