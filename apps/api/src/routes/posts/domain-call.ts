import { isDomainError } from '@palabre/domain'
import { HttpError } from '../../http/http-error.js'

/** Runs a domain call, turning its refusals (not a member, not found…) into HTTP errors. */
export const domainCall = async <T>(work: () => T | Promise<T>): Promise<T> => {
  try {
    return await work()
  } catch (error) {
    if (isDomainError(error)) throw new HttpError(error.code, error.message)
    throw error
  }
}
