import {
  bodyLimitOf,
  findInputProblem,
  findTooDeepJson,
  takesJsonBody,
  TOO_DEEP_MESSAGE,
} from '@palabre/contracts'
import type { RouteContract } from '@palabre/contracts'
import express from 'express'
import type { Request, RequestHandler, Response, Router } from 'express'
import type { z } from 'zod'
import type { ApiContext } from '../context.js'
import { unreadableBodyMessage } from './error-handler.js'
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

/** The caller of a call that needs a session (its contract says `auth`). */
const signedIn = (caller: Caller | null): Caller => {
  if (!caller) throw unauthenticated()
  return caller
}

/**
 * Throws 403 unless a phone the request names is the caller's own (docs/security.md,
 * "Identity"). A path's phone is checked by mountRoute, from the contract's `self`; handlers
 * call it for a phone of the body or the query.
 */
export const assertSelf = (caller: Caller, phone: string): void => {
  if (caller.phone !== phone) throw forbidden('You can only act for your own phone number.')
}

/**
 * The JSON body reader of one call: its own size limit (413 beyond), and the depth rule read
 * off the bytes before JSON.parse builds anything (docs/security.md, "Bad input"), so a body of
 * nested brackets costs what a flat one of its size costs. express.json hands the bytes, inflated
 * when they came compressed, to `verify` before it decodes and parses them.
 */
const jsonBodyReader = (route: RouteContract): RequestHandler =>
  express.json({
    limit: bodyLimitOf(route),
    verify: (_req, _res, bytes, encoding) => {
      // The scan reads bytes as UTF-8 text; JSON travels in UTF-8 (RFC 8259).
      if (encoding !== 'utf-8') throw new HttpError('unsupported_media_type', unreadableBodyMessage)
      if (findTooDeepJson(bytes.toString('latin1')) !== undefined)
        throw new HttpError('validation_failed', TOO_DEEP_MESSAGE, [
          { path: 'body', message: TOO_DEEP_MESSAGE },
        ])
    },
  })

/** Runs a body reader inside the route, once the checks that need no body have passed. */
const readBody = (reader: RequestHandler, req: Request, res: Response): Promise<void> =>
  new Promise((resolve, reject) => {
    void reader(req, res, (error?: unknown) => (error ? reject(error) : resolve()))
  })

/**
 * Registers a handler by its contract object: the path, the session, role and own-phone checks
 * and the validation of params, query and body all come from the contract, never retyped.
 *
 * The cheap checks come first and the body last, so a request refused for who sends it never
 * costs its body (docs/security.md, "Bad input"): the session (401), the administrators' role
 * (403), the params and the phone the path must name as the caller's own (403), the query, and
 * only then the body, read and parsed.
 */
export const mountRoute = <R extends RouteContract>(
  router: Router,
  ctx: ApiContext,
  route: R,
  handler: NoInfer<Handler<R>>,
): void => {
  // Only a call that takes JSON reads a body: any other ignores what is sent with it.
  const bodyReader = takesJsonBody(route) ? jsonBodyReader(route) : undefined
  router[route.method](route.path, async (req, res, next) => {
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
      // The role is read from the database on each call (docs/security.md, "Administrators").
      if (route.admin) await ctx.domain.organisation.members.assertAdmin(signedIn(caller).phone)
      const params = parsePart(route.params, req.params, 'params')
      if (route.self !== undefined)
        assertSelf(signedIn(caller), String((params as Record<string, unknown>)[route.self]))
      const query = parsePart(route.query, req.query, 'query')
      if (bodyReader) await readBody(bodyReader, req, res)
      const body = parsePart(route.body, bodyReader ? req.body : undefined, 'body')
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
