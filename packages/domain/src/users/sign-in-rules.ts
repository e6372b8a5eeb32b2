/**
 * Guessing a password is limited without letting a stranger lock its owner out
 * (docs/security.md, "Sign-in lock-out"): five failed tries per number from one client address
 * per 15 minutes, and a slower limit per number from all addresses together, which only a guesser
 * spread over many addresses can reach. Counted in the database (all api nodes).
 */
export const SIGN_IN_LIMITS = {
  perAddress: { limit: 5, windowMs: 15 * 60 * 1000 },
  perNumber: { limit: 50, windowMs: 60 * 60 * 1000 },
} as const

export const signInKeys = (phone: string, address: string) => ({
  perAddress: `sign-in:${phone}:${address}`,
  perNumber: `sign-in:${phone}`,
})
