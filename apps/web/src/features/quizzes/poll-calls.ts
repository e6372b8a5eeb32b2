import { messages, pollsRoutes, type PollResponse, type Submission } from '@palabre/contracts'
import { callRoute } from '../../lib/api-client'
import { isApiError } from '../../lib/api-error'

/** The quiz calls of the screens (docs/quizzes.md); the routes are the contracts'. */
export const fetchPoll = (pollId: string, signal?: AbortSignal) =>
  callRoute(pollsRoutes.getPoll, { params: { id: pollId }, ...(signal ? { signal } : {}) })

export const fetchResults = (pollId: string, signal?: AbortSignal) =>
  callRoute(pollsRoutes.getPollResults, { params: { id: pollId }, ...(signal ? { signal } : {}) })

/**
 * A respondent's graded response, or null when there is none yet: the server answers 404 then,
 * which is no failure (docs/quizzes.md, "Answering").
 */
export const fetchResponse = async (
  pollId: string,
  respondentPhone: string,
  signal?: AbortSignal,
): Promise<PollResponse | null> => {
  try {
    return await callRoute(pollsRoutes.getPollResponse, {
      params: { id: pollId },
      query: { respondentPhone },
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    if (isApiError(error) && error.code === 'not_found') {
      console.info(messages.poll.noResponse)
      return null
    }
    throw error
  }
}

export const submitResponse = (pollId: string, body: Submission) =>
  callRoute(pollsRoutes.submitPollResponse, { params: { id: pollId }, body })

/** A second submission (from another tab or device) is refused with 409: the first stands. */
export const isAlreadyAnswered = (error: unknown): boolean =>
  isApiError(error) && error.code === 'conflict'
