import { findInputProblem, takesJsonBody } from '@palabre/contracts'
import type { RouteContract } from '@palabre/contracts'
import express from 'express'
import type { Request, RequestHandler, Response, Router } from 'express'
import type { z } from 'zod'
import type { ApiContext } from '../context.js'
import { HttpError, forbidden, unauthenticated } from './http-error.js'
import { setLoggedUser } from './request-log.js'
import { readSessionToken } from './session-cookie.js'

/** The signed-in caller, resolved from the session cookie. */
export interface Caller {
  phone: string
  token: string
}

export interface HandlerInput<R extends RouteContract, Authed extends boolean> {
  params: z.infer<R['params']>
  query: z.infer<R['query']>
  body: z.infer<R['body']>
  caller: Authed extends true ? Caller : Caller | null
  req: Request
  res: Response
}

/** What a handler answers: a status the contract declares and its body. */
export type Reply<R extends RouteContract> = {
  [S in keyof R['responses'] & number]: {
    status: S
    body: R['responses'][S] extends z.ZodType ? z.input<R['responses'][S]> : never
  }
}[keyof R['responses'] & number]

/** A handler either returns a reply, or answers through `res` itself (files, streams) and returns nothing. */
export type Handler<R extends RouteContract> = (
  input: HandlerInput<R, R['auth']>,
) => Promise<Reply<R> | void>

const issuesOf = (error: z.ZodError, where: string) =>
  error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }))

const parsePart = <S extends z.ZodType>(schema: S, value: unknown, where: string): z.infer<S> => {
  // Checked before zod or anything else walks the value (docs/security.md, "Bad input").
  const problem = findInputProblem(value)
  if (problem !== undefined) {
    const path = problem.path === '' ? where : `${where}.${problem.path}`
    throw new HttpError('validation_failed', problem.message, [{ path, message: problem.message }])
  }
  const result = schema.safeParse(value)
  if (!result.success) {
    const issues = issuesOf(result.error, where)
    throw new HttpError('validation_failed', issues[0]?.message ?? 'Invalid input.', issues)
  }
  return result.data
}

/**
 * The members list's last-seen time (docs/organisation.md, "Members"): written at most once a
 * minute per person; a failure to write it never fails the call.
 */
const recordSeen = async (ctx: ApiContext, phone: string): Promise<void> => {
  try {
    await ctx.domain.organisation.members.seen(phone)
  } catch (err) {
    ctx.logger.warn({ err }, 'the last-seen time could not be written')
  }
}

/** Throws 403 unless the phone a path names is the caller's own. */
export const assertSelf = (caller: Caller, phone: string): void => {
  if (caller.phone !== phone) throw forbidden('You can only act for your own phone number.')
}

/**
 * Registers a handler by its contract object: the path, the validation of params, query and body,
 * and the session check all come from the contract, never retyped.
 */
export const mountRoute = <R extends RouteContract>(
  router: Router,
  ctx: ApiContext,
  route: R,
  handler: NoInfer<Handler<R>>,
): void => {
  // Only a call that takes JSON reads a body: any other ignores what is sent with it.
  const readBody: RequestHandler[] = takesJsonBody(route)
    ? [express.json({ limit: ctx.config.bodyLimit })]
    : []
  router[route.method](route.path, ...readBody, async (req, res, next) => {
    try {
      let caller: Caller | null = null
      const token = readSessionToken(req)
      if (token) {
        const phone = await ctx.domain.sessions.resolve(token)
        if (phone) {
          caller = { phone, token }
          setLoggedUser(res, phone)
          await recordSeen(ctx, phone)
        }
      }
      if (route.auth && !caller) throw unauthenticated()
      const params = parsePart(route.params, req.params, 'params')
      const query = parsePart(route.query, req.query, 'query')
      const body = parsePart(route.body, readBody.length > 0 ? req.body : undefined, 'body')
      const reply = await handler({ params, query, body, caller, req, res } as HandlerInput<
        R,
        R['auth']
      >)
      if (!reply) return
      if (reply.status === 204 || reply.body === undefined) res.status(reply.status).end()
      else if (route.responseKind === 'text')
        res.status(reply.status).type('text/plain').send(String(reply.body))
      else res.status(reply.status).json(reply.body)
    } catch (error) {
      next(error)
    }
  })
}
