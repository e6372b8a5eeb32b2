import type { Caller } from '../../http/route.js'
import { unauthenticated } from '../../http/http-error.js'

/**
 * mountRoute already answers 401 for `auth: true` routes without a session, but the contracts
 * type `auth` as a plain boolean, so handlers see `Caller | null`; this narrows it honestly.
 */
export const signedIn = (caller: Caller | null): Caller => {
  if (!caller) throw unauthenticated()
  return caller
}
