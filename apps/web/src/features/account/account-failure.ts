import { messages } from '@palabre/contracts'
import { isApiError } from '../../lib/api-error'
import { messageFor } from '../../lib/error-message'

/**
 * The refusals of the organisation's rules that an account screen shows in their own words
 * rather than as the step's failure (docs/organisation.md, "The gate"; docs/behaviour.md,
 * "Sign-up", "Sign-in", "Password reset"): a closed space refusing a person it does not admit
 * (`not_invited`), an account an administrator deactivated (`deactivated`). Contracts texts,
 * shown in the screen's language (docs/languages.md, "Texts from the server").
 */
export const organisationRefusal = (error: unknown): string | undefined => {
  if (!isApiError(error)) return undefined
  if (error.code === 'not_invited') return messages.organisation.notInvited
  if (error.code === 'deactivated') return messages.organisation.deactivated
  return undefined
}

/** `messageFor`, with the organisation's refusals first. */
export const accountFailure = (
  error: unknown,
  fallback: string,
  byStatus: Partial<Record<number, string>> = {},
): string => organisationRefusal(error) ?? messageFor(error, fallback, byStatus)
