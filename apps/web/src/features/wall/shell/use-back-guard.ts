import { useEffect } from 'react'
import { useBlocker, useLocation, useNavigate } from 'react-router-dom'

/** Marks the history entry under the wall's first one: going back to it is refused. */
const BASE = 'palabreWallBase'

const isBase = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && BASE in state

/**
 * The browser's back button does not leave the wall (docs/wall.md, "Sessions and log-out"):
 * going back from one discussion to another, or to the list, is fine; going back out of the
 * wall is refused. The wall's first entry gets a copy of itself underneath, so a back press
 * from it lands inside the app, where the router can refuse it, and not on the page before
 * (another site, or the sign-in page the sign-in replaced).
 */
export const useBackGuard = (): void => {
  const location = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    if (isBase(location.state)) return
    const here = `${location.pathname}${location.search}`
    void navigate(here, { replace: true, state: { [BASE]: true } })
    void navigate(here)
    // Once, when the wall opens.
  }, []) // eslint-disable-line react-hooks/exhaustive-deps

  const blocker = useBlocker(
    ({ historyAction, nextLocation }) =>
      historyAction === 'POP' &&
      (!nextLocation.pathname.startsWith('/wall') || isBase(nextLocation.state)),
  )
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset()
  }, [blocker])
}
