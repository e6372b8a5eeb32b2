import { useMediaQuery } from '../../lib/use-media-query'

/**
 * The console's phone width (docs/organisation.md, "The console"): at 600px or less, its lists
 * are stacked cards rather than tables.
 */
export const phoneWidthQuery = '(max-width: 600px)'

/** Whether the window is at phone width now, kept current as it changes. */
export const usePhoneWidth = (): boolean => useMediaQuery(phoneWidthQuery)
