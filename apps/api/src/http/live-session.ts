import { messages } from '@palabre/contracts'
import type { ApiContext } from '../context.js'
import { unauthenticated } from './http-error.js'
import type { Caller } from './route.js'

/**
 * Whether the caller's session is still live: work that goes on after its request's session was
 * checked (an upload's body still arriving, an export streaming) asks again before it commits
 * or goes on, so a logout, a password reset or a deactivation meanwhile ends it
 * (docs/security.md, "Access that ends"). One read of the session by its key.
 */
export const sessionStillLive = async (ctx: ApiContext, caller: Caller): Promise<boolean> =>
  (await ctx.domain.sessions.resolve(caller.token)) === caller.phone

/** Throws 401 (the session has ended) unless the caller's session is still live. */
export const assertSessionStillLive = async (ctx: ApiContext, caller: Caller): Promise<void> => {
  if (!(await sessionStillLive(ctx, caller))) throw unauthenticated(messages.api.sessionEnded)
}
