import { restRoutes } from '@palabre/contracts'
import type { RouteContract } from '@palabre/contracts'
import type { Router } from 'express'
import type { ApiContext } from '../context.js'
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

/** Mounts every served entry of the table, in the contracts' order. */
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
}
