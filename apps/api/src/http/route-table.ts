import { restRoutes } from '@palabre/contracts'
import type { RouteContract } from '@palabre/contracts'
import type { RequestHandler, Router } from 'express'
import type { ApiContext } from '../context.js'
import { HttpError } from './http-error.js'
import { mountRoute } from './route.js'
import type { Handler } from './route.js'

type RestRoutes = typeof restRoutes
export type RouteName = keyof RestRoutes

/** The handlers of some contract entries (one area of the api). */
export type AreaHandlers<K extends RouteName> = { [N in K]: Handler<RestRoutes[N]> }

/** A contract entry the api does not serve yet: not mounted, and left out of the OpenAPI document. */
export interface NotBuilt {
  readonly notBuilt: string
}

export const notBuilt = (reason: string): NotBuilt => ({ notBuilt: reason })

/**
 * What serves each contract entry, keyed by the entries themselves: a contract entry with no
 * handler (and not marked as not built) fails the typecheck, instead of answering 404 while the
 * OpenAPI document lists it.
 */
export type RouteTable = { [N in RouteName]: Handler<RestRoutes[N]> | NotBuilt }

const isNotBuilt = (value: unknown): value is NotBuilt =>
  typeof value === 'object' && value !== null && 'notBuilt' in value

/** The entries the table serves, in the contracts' order. */
export const servedRoutes = (table: RouteTable): Record<string, RouteContract> =>
  Object.fromEntries(
    (Object.keys(restRoutes) as RouteName[])
      .filter((name) => !isNotBuilt(table[name]))
      .map((name) => [name, restRoutes[name]]),
  )

/**
 * Answers a known path called with a method it does not take: 405 with the methods it takes in
 * `Allow`, or for OPTIONS, 204 with the same header.
 */
const methodNotAllowed =
  (allowed: readonly string[]): RequestHandler =>
  (req, res, next) => {
    const allow = allowed.join(', ')
    res.setHeader('Allow', allow)
    if (req.method === 'OPTIONS') {
      res.status(204).end()
      return
    }
    next(new HttpError('method_not_allowed', `${req.method} is not allowed here: use ${allow}.`))
  }

/**
 * Mounts every served entry of the table, in the contracts' order, then a 405 answer for each
 * of their paths, after every handler so a path another entry serves is never shadowed.
 */
export const mountRouteTable = (router: Router, ctx: ApiContext, table: RouteTable): void => {
  for (const name of Object.keys(restRoutes) as RouteName[]) {
    const handler = table[name]
    if (isNotBuilt(handler)) continue
    // RouteTable pairs each name's handler with that name's contract; TypeScript cannot follow
    // the pairing through a loop over the names.
    mountRoute(
      router,
      ctx,
      restRoutes[name] as RouteContract,
      handler as unknown as Handler<RouteContract>,
    )
  }
  const methods = new Map<string, string[]>()
  for (const route of Object.values(servedRoutes(table))) {
    const list = methods.get(route.path) ?? []
    list.push(route.method.toUpperCase())
    if (route.method === 'get') list.push('HEAD')
    methods.set(route.path, list)
  }
  for (const [path, allowed] of methods) router.all(path, methodNotAllowed(allowed))
}
