import { z } from 'zod'

/** The closed set of error codes every HTTP answer and socket acknowledgement uses. */
export const errorCodes = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  wrong_password: 401,
  forbidden: 403,
  /** A sign-up step refused in a closed space (docs/organisation.md, "The gate"). */
  not_invited: 403,
  /** Sign-in, codes and reset for a deactivated account (docs/organisation.md, "Deactivation"). */
  deactivated: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const

export type ErrorCode = keyof typeof errorCodes

export const errorCodeSchema = z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]])

export const errorBodySchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      /** Field-level problems, when the input failed validation. */
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      /** With 429: seconds until the call may be made again (also in the Retry-After header). */
      retryAfterSeconds: z.number().int().nonnegative().optional(),
    }),
  })
  .meta({ id: 'Error' })

export type ErrorBody = z.infer<typeof errorBodySchema>

export const errorBody = (code: ErrorCode, message: string): ErrorBody => ({
  error: { code, message },
})
