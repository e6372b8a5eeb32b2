import { z } from 'zod'
import type { UploadKind } from './uploads.js'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** How a route's successful body travels: JSON (default), plain text, or a file stream. */
export type BodyKind = 'json' | 'text' | 'binary'

/**
 * One REST call, declared once. Servers register handlers by this object, clients build
 * requests from it and the OpenAPI document is generated from it: the path is never typed twice.
 * `path` uses Express syntax (`/api/user/:phone`).
 */
export interface RouteContract<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Responses extends Record<number, z.ZodType> = Record<number, z.ZodType>,
  Auth extends boolean = boolean,
> {
  readonly method: HttpMethod
  readonly path: string
  readonly summary: string
  readonly tag: string
  /** Whether the call needs a signed-in session (401 otherwise). */
  readonly auth: Auth
  /**
   * For administrators only (docs/security.md, "Administrators"): a member gets 403 before
   * anything of the request is read. Needs `auth`.
   */
  readonly admin?: boolean
  /**
   * The path parameter that must be the caller's own phone (docs/security.md, "Identity"):
   * another phone gets 403 before the query and the body are read. Needs `auth`.
   */
  readonly self?: string
  readonly params: Params
  readonly query: Query
  readonly body: Body
  /** Multipart upload: the name of the file field, and which files it takes (uploads.ts). */
  readonly upload?: { field: string; kind: UploadKind }
  /**
   * The largest JSON body the call reads, in bytes (413 beyond); `DEFAULT_BODY_LIMIT` unless
   * the call needs more (docs/security.md, "Bad input"). Uploads have their own limit.
   */
  readonly bodyLimit?: number
  readonly responses: Responses
  readonly responseKind?: BodyKind
  /** The media types a binary answer may have (a stored file is served with its own type). */
  readonly binaryTypes?: readonly string[]
}

export const defineRoute = <
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Responses extends Record<number, z.ZodType>,
  Auth extends boolean,
>(
  route: RouteContract<Params, Query, Body, Responses, Auth>,
): RouteContract<Params, Query, Body, Responses, Auth> => route

/** The body a route answers with for a given status. */
export type RouteResponse<
  R extends RouteContract,
  Status extends keyof R['responses'],
> = R['responses'][Status] extends z.ZodType ? z.infer<R['responses'][Status]> : never

/** Turns `/api/user/:phone` and `{phone: '33…'}` into `/api/user/33…` (components escaped). */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })

/**
 * The largest JSON body of a call that declares none: 64 KB, many times what any form of the
 * web app sends (docs/security.md, "Bad input").
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024

/** The largest JSON body a call reads, in bytes. */
export const bodyLimitOf = (route: RouteContract): number => route.bodyLimit ?? DEFAULT_BODY_LIMIT

/** Whether a call reads a JSON body (uploads read multipart, other calls no body at all). */
export const takesJsonBody = (route: RouteContract): boolean =>
  route.upload === undefined && !(route.body instanceof z.ZodUndefined)

/**
 * The statuses the api answers for a call besides the ones its contract declares
 * (docs/architecture.md, "Answers every call may give"): 400 for input that fails validation
 * (any call: an undeclared query parameter is refused too), 401
 * without a session, 403 for a write from another site, a member calling an administrators'
 * call or a path naming another phone, 413 and 415 for a body too large or not readable as
 * JSON, 500 and 503 for a fault or an outage on our side.
 */
export const commonStatuses = (route: RouteContract): number[] => {
  const statuses = [400, 500, 503]
  if (route.auth) statuses.push(401)
  if (route.method !== 'get' || route.admin === true || route.self !== undefined) statuses.push(403)
  if (takesJsonBody(route) || route.upload !== undefined) statuses.push(413, 415)
  return statuses.sort((a, b) => a - b)
}
