/**
 * Which web pages may act as a signed-in user (docs/security.md, "Cross-site requests"). The
 * session cookie goes with every request the browser makes to us, whichever page makes it, so a
 * state-changing call or a socket must come from our own origin. A request without an Origin
 * header (a same-origin GET, a server-side client) is not a browser page acting for the user.
 */
export interface OriginPolicy {
  /** The origins allowed, each as `scheme://host[:port]`. */
  readonly allowed: readonly string[]
  /** True for a missing Origin and for an allowed one; `null` and any other origin are refused. */
  allows(origin: string | undefined): boolean
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

export const originPolicy = (
  publicUrl: string,
  { development = false }: { development?: boolean } = {},
): OriginPolicy => {
  const allowed = [originOf(publicUrl), ...(development ? DEV_SERVER_ORIGINS : [])].filter(
    (origin): origin is string => origin !== undefined,
  )
  const set = new Set(allowed)
  return {
    allowed,
    allows(origin) {
      if (origin === undefined) return true
      const normalized = originOf(origin)
      return normalized !== undefined && set.has(normalized) && normalized === origin
    },
  }
}
