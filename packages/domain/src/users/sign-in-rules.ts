/** At most five failed sign-ins per number per 15 minutes, counted in the database (all api nodes). */
export const SIGN_IN_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 } as const

export const signInKey = (phone: string): string => `sign-in:${phone}`
