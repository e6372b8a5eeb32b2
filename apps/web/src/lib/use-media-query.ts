import { useSyncExternalStore } from 'react'

const matchesNow = (query: string): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(query).matches

/**
 * Whether a CSS media query matches now, kept current as the window changes; false where the
 * environment has no `matchMedia` (a test's DOM).
 */
export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => matchesNow(query),
    () => false,
  )
