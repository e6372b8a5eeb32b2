import type { IncomingHttpHeaders } from 'node:http'
import { isIP } from 'node:net'
import { machineHostNames } from './machine-names.js'

/**
 * Which web pages may act as a signed-in user (docs/security.md, "Cross-site requests"). The
 * session cookie goes with every request the browser makes to us, whichever page makes it, so a
 * state-changing call or a socket must come from our own origin. A request without an Origin
 * header (a same-origin GET, a server-side client) is not a browser page acting for the user.
 */
export interface OriginPolicy {
  /**
   * True for a request without Origin and for one from our own origin; `null`, another port,
   * another host and any other origin are refused.
   */
  allows(request: OriginRequest): boolean
  /**
   * The origin of our own pages, as this request shows it: PUBLIC_URL's when set; else the
   * request's Origin when the policy allows it, or without one the origin it was addressed to
   * when that can only be this machine. Undefined when the request shows none (links sent to
   * people are built on it: docs/organisation.md, "Invitations").
   */
  ownOrigin(request: OriginRequest): string | undefined
}

/** What the policy reads of a request: node's IncomingMessage, and so Express's Request, fits. */
export interface OriginRequest {
  readonly headers: IncomingHttpHeaders
  /** The connection: a TLS socket has `encrypted: true`. */
  readonly socket: object
}

export interface OriginPolicyOptions {
  /** PUBLIC_URL: when set, the one origin allowed. Unset: this machine, at any of its addresses. */
  publicUrl?: string | undefined
  /** Also allow the Vite dev server's pages, which call us through its proxy. */
  development?: boolean
  /** TRUST_PROXY: a proxy's X-Forwarded-Proto tells the scheme the browser used. */
  trustProxy?: boolean
  /** This machine's host names; by default read from the system (`machineHostNames`). */
  hostNames?: readonly string[]
}

/** The Vite dev server's origins: the web app in development calls through its proxy. */
export const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'] as const

const originOf = (url: string): string | undefined => {
  try {
    const { origin } = new URL(url)
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/** An Origin header as browsers write it: exactly `scheme://host[:port]`, nothing else. */
const exactOrigin = (header: string): string | undefined =>
  originOf(header) === header ? header : undefined

/** The scheme the browser used: https over TLS, or when a trusted proxy says so. */
export const requestScheme = (request: OriginRequest, trustProxy: boolean): 'http' | 'https' => {
  if ('encrypted' in request.socket && request.socket.encrypted === true) return 'https'
  if (!trustProxy) return 'http'
  // The first proxy's word, as Express reads it: `https, http` through a chain of proxies.
  const header = request.headers['x-forwarded-proto']
  const forwarded = Array.isArray(header) ? header[0] : header
  return forwarded?.split(',')[0]?.trim().toLowerCase() === 'https' ? 'https' : 'http'
}

// A Host header is a host name or an IP literal and an optional port, nothing that `new URL`
// would read as a path, a user or a query.
const HOST_HEADER = /^(?:\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::\d{1,5})?$/i

/** The origin the request was addressed to (its scheme and Host), with that host's name. */
const addressedOrigin = (
  scheme: 'http' | 'https',
  host: string | undefined,
): { origin: string; hostname: string } | undefined => {
  if (host === undefined || !HOST_HEADER.test(host)) return undefined
  try {
    const url = new URL(`${scheme}://${host}`)
    return { origin: url.origin, hostname: url.hostname }
  } catch {
    return undefined
  }
}

/**
 * A host that only this machine answers to: an IP literal or `localhost`, which no DNS answer
 * can stand for, or one of its own host names. A rebound DNS name is none of these.
 */
const namesThisMachine = (hostname: string, hostNames: ReadonlySet<string>): boolean =>
  isIP(hostname.replace(/^\[(.*)\]$/, '$1')) !== 0 ||
  hostname === 'localhost' ||
  hostNames.has(hostname)

export const originPolicy = ({
  publicUrl,
  development = false,
  trustProxy = false,
  hostNames,
}: OriginPolicyOptions = {}): OriginPolicy => {
  const devServer = new Set<string>(development ? DEV_SERVER_ORIGINS : [])
  // PUBLIC_URL pins the one origin people open.
  if (publicUrl !== undefined) {
    const pinned = originOf(publicUrl)
    return {
      allows({ headers: { origin } }) {
        if (origin === undefined) return true
        const exact = exactOrigin(origin)
        return exact !== undefined && (exact === pinned || devServer.has(exact))
      },
      ownOrigin: () => pinned,
    }
  }
  // Without it, a page is ours when it is served by the very address it calls, and that
  // address can only be this machine: `pnpm start` opened at 127.0.0.1, [::1], the machine's
  // LAN address or its name.
  const own = new Set((hostNames ?? machineHostNames()).map((name) => name.toLowerCase()))
  /** The origin the request was addressed to, when only this machine answers at it. */
  const thisMachine = (request: OriginRequest): string | undefined => {
    const addressed = addressedOrigin(requestScheme(request, trustProxy), request.headers.host)
    return addressed !== undefined && namesThisMachine(addressed.hostname, own)
      ? addressed.origin
      : undefined
  }
  const allows = (request: OriginRequest): boolean => {
    const { origin } = request.headers
    if (origin === undefined) return true
    const exact = exactOrigin(origin)
    if (exact === undefined) return false
    if (devServer.has(exact)) return true
    return exact === thisMachine(request)
  }
  return {
    allows,
    ownOrigin(request) {
      const { origin } = request.headers
      if (origin === undefined) return thisMachine(request)
      return allows(request) ? exactOrigin(origin) : undefined
    },
  }
}
