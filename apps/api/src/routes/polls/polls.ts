import type { pollsRoutes } from '@palabre/contracts'
import type { ApiContext } from '../../context.js'
import { HttpError } from '../../http/http-error.js'
import type { AreaHandlers } from '../../http/route-table.js'
import { assertSelf } from '../../http/route.js'

/**
 * Quizzes (docs/behaviour.md, "Quizzes"): created by anyone signed in, read and answered by the
 * participants of a conversation holding them, graded once per respondent, their results and
 * others' corrections read by their creator only.
 */
export const pollsHandlers = (ctx: ApiContext): AreaHandlers<keyof typeof pollsRoutes> => {
  const { polls } = ctx.domain
  return {
    createPoll: async ({ body, caller }) => {
      assertSelf(caller, body.phoneCreatorPoll)
      return { status: 201, body: await polls.create(caller.phone, body) }
    },
    getPoll: async ({ params, caller }) => ({
      status: 200,
      body: await polls.read(caller.phone, params.id),
    }),
    getPollResults: async ({ params, caller }) => ({
      status: 200,
      body: await polls.results(caller.phone, params.id),
    }),
    getPollResponse: async ({ params, query, caller }) => {
      const found = await polls.response(caller.phone, params.id, query.respondentPhone)
      if (!found) throw new HttpError('not_found', 'No response recorded for this poll.')
      return { status: 200, body: found }
    },
    submitPollResponse: async ({ params, body, caller }) => {
      assertSelf(caller, body.phoneRespondent)
      const respondent = { phone: caller.phone, name: body.nameRespondent }
      return { status: 201, body: await polls.submit(respondent, params.id, body) }
    },
  }
}
