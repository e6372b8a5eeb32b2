import { useEffect, type RefObject } from 'react'

/**
 * A player of a conversation's file reports what it really played (docs/files.md, "On the
 * web"), through `watchPlayer` (`view-session.ts`). That code comes once a player is shown, not
 * with the page (docs/bundle-budgets.md); a player that plays before it is in starts its range
 * where it stands then.
 */
export const useViewReporting = (media: RefObject<HTMLMediaElement | null>, name: string): void => {
  useEffect(() => {
    const element = media.current
    if (element === null) return
    let gone = false
    let release: (() => void) | null = null
    void import('./view-session').then(({ watchPlayer }) => {
      if (!gone) release = watchPlayer(element, name)
    })
    return () => {
      gone = true
      release?.()
    }
  }, [media, name])
}
