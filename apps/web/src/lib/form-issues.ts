import type { z } from 'zod'

/**
 * The first message per field of a failed parse, keyed by the last segment of the issue path
 * (`nameValuePairs.phoneNumber` -> `phoneNumber`), to show a contract's own message on a field.
 */
export const issuesByField = (error: z.ZodError): Record<string, string> => {
  const found: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = String(issue.path.at(-1) ?? '')
    if (!(key in found)) found[key] = issue.message
  }
  return found
}
