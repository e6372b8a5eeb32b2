import { expect } from 'vitest'

/** No answer may carry a password, a bcrypt hash, an OTP code, or a password field at all. */
export const expectNoSecrets = (bodies: string[], secrets: string[]): void => {
  expect(bodies.length).toBeGreaterThan(0)
  for (const body of bodies) {
    expect(body).not.toContain('$2b$')
    expect(body).not.toMatch(/"password(hash)?"\s*:/i)
    for (const secret of secrets) expect(body).not.toContain(secret)
  }
}
