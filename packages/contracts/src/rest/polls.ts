import { z } from 'zod'
import { idSchema } from '../entities/common.js'
import {
  createdPollSchema,
  pollInputSchema,
  pollResponseSchema,
  pollResultsSchema,
  pollSchema,
  submissionSchema,
} from '../entities/poll.js'
import { errorBodySchema } from '../errors.js'
import { canonicalPhoneSchema } from '../phone.js'
import { defineRoute } from '../route.js'
import { noBody, noParams, noQuery } from './common.js'

const pollParams = z.object({ id: idSchema })

/**
 * A quiz has no set number of questions, each up to 2,000 characters with answers of up to 500:
 * 1 MB holds a few hundred long ones. An answer sheet is always smaller than its quiz (an answer
 * names a question and options by index), so it gets the same limit and fits whenever the quiz
 * did.
 */
export const maxQuizBodyBytes = 1024 * 1024

const readErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
}

export const createPoll = defineRoute({
  method: 'post',
  path: '/api/createPoll',
  summary:
    "Create a poll (QCM). phoneCreatorPoll must be the signed-in user, and every recording named one of the creator's own audio uploads (403 otherwise).",
  tag: 'polls',
  auth: true,
  params: noParams,
  query: noQuery,
  body: pollInputSchema,
  bodyLimit: maxQuizBodyBytes,
  responses: {
    201: createdPollSchema,
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
  },
})

export const getPoll = defineRoute({
  method: 'get',
  path: '/api/poll/:id',
  summary:
    'A poll with its questions. isCorrect is left out for everyone but the creator until they have answered.',
  tag: 'polls',
  auth: true,
  params: pollParams,
  query: noQuery,
  body: noBody,
  responses: { 200: pollSchema, ...readErrors },
})

export const getPollResults = defineRoute({
  method: 'get',
  path: '/api/polls/:id/results',
  summary: "The participants' grades. For the poll's creator only (403 otherwise).",
  tag: 'polls',
  auth: true,
  params: pollParams,
  query: noQuery,
  body: noBody,
  responses: { 200: pollResultsSchema, ...readErrors },
})

export const getPollResponse = defineRoute({
  method: 'get',
  path: '/api/polls/:id/response',
  summary:
    "A respondent's graded response with its correction: the respondent's own, or any for the creator. 404 when none yet.",
  tag: 'polls',
  auth: true,
  params: pollParams,
  query: z.strictObject({ respondentPhone: canonicalPhoneSchema }),
  body: noBody,
  responses: { 200: pollResponseSchema, ...readErrors },
})

export const submitPollResponse = defineRoute({
  method: 'post',
  path: '/api/polls/:id/response',
  summary:
    'Answer a poll once: answers the grade and the correction. phoneRespondent must be the signed-in user; 409 on a second submission.',
  tag: 'polls',
  auth: true,
  params: pollParams,
  query: noQuery,
  body: submissionSchema,
  bodyLimit: maxQuizBodyBytes,
  responses: { 201: pollResponseSchema, ...readErrors, 409: errorBodySchema },
})

export const pollsRoutes = {
  createPoll,
  getPoll,
  getPollResults,
  getPollResponse,
  submitPollResponse,
} as const
