import { isApiError } from './api-error'

/** Rate limits and refusals carry their own explanation; anything else gets the product's text. */
export const messageFor = (
  error: unknown,
  fallback: string,
  byStatus: Partial<Record<number, string>> = {},
): string => {
  if (!isApiError(error)) return fallback
  const specific = byStatus[error.status]
  if (specific !== undefined) return specific
  if (error.status === 429 && error.serverMessage) return error.serverMessage
  return fallback
}
