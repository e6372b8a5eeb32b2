import { useEffect } from 'react'
import { useBlocker } from 'react-router-dom'

/**
 * The browser's back button does not leave the wall (docs/wall.md, "Navigation"): going back
 * from one discussion to another, or to the wall, is fine; going back out of the wall (to the
 * sign-in page the person came from) is refused.
 */
export const useBackGuard = (): void => {
  const blocker = useBlocker(
    ({ historyAction, nextLocation }) =>
      historyAction === 'POP' && !nextLocation.pathname.startsWith('/wall'),
  )
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset()
  }, [blocker])
}
