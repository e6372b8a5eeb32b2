import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Request, Response } from 'express'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'

/** A client's own request id is kept when it looks like one, so logs can be followed across hops. */
const REQUEST_ID = /^[\w.:-]{1,128}$/

/** The signed-in phone of a request, once the route has resolved its session. */
export const setLoggedUser = (res: Response, phone: string): void => {
  res.locals['user'] = phone
}

const lineOf = (req: IncomingMessage, res: ServerResponse, ms: number) => {
  const request = req as Request
  const locals = (res as Response).locals as Record<string, unknown> | undefined
  return {
    method: request.method,
    // The route's template (`/api/user/:phone`), never the path: it names people and files.
    // Every route is mounted with its whole path; the base URL would double it for an answer
    // the error handler (mounted under /api) wrote.
    route: request.route ? String(request.route.path) : 'unmatched',
    status: res.statusCode,
    ms,
    ...(typeof locals?.['user'] === 'string' ? { user: locals['user'] } : {}),
  }
}

/**
 * One line per request with what an operator needs (docs/operations.md, "Request logs"): request
 * id, method, route template, status, time and user; never headers, cookies or bodies. The id is
 * answered in `X-Request-Id`.
 */
export const requestLog = (logger: Logger, enabled: boolean) =>
  pinoHttp({
    logger,
    autoLogging: enabled,
    quietReqLogger: true,
    quietResLogger: true,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id']
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID()
      res.setHeader('X-Request-Id', id)
      return id
    },
    customSuccessObject: (req, res, val: { responseTime: number }) =>
      lineOf(req, res, val.responseTime),
    customErrorObject: (req, res, _error, val: { responseTime: number }) =>
      lineOf(req, res, val.responseTime),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
  })
