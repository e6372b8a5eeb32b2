import type { ErrorCode } from '@palabre/contracts'

/**
 * A refusal the domain decides (not a member, not found, invalid): both servers turn it into
 * their error answer, an HTTP error body or an error acknowledgement, with this code and message.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'DomainError'
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError
