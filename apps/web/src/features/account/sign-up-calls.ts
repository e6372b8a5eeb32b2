import { messages, usersRoutes } from '@palabre/contracts'
import { callRoute } from '../../lib/api-client'
import { accountPhone, dialCodeFor } from '../../lib/phone-input'
import { accountFailure } from './account-failure'
import type { ProfileStepValues } from './profile-step-schema'

export interface SignUpData {
  country: string
  phone: string
  mail: string
}

/** `POST /api/user`: the full name is the first name then the last name (docs/behaviour.md, "Sign-up"). */
export const signUpBody = (data: SignUpData, profile: ProfileStepValues) => {
  return {
    name: `${profile.firstName.trim()} ${profile.lastName.trim()}`,
    phone: accountPhone(data.country, data.phone),
    mail: data.mail,
    password: profile.password,
    indicatif: dialCodeFor(data.country),
  }
}

export const signUp = (data: SignUpData, profile: ProfileStepValues) =>
  callRoute(usersRoutes.signUp, { body: signUpBody(data, profile) })

/**
 * 409: number already registered (docs/behaviour.md, "Sign-up"); 403 `not_invited`: a closed
 * space that does not admit this person (docs/organisation.md, "The gate"); anything else is
 * 'Error during sign-up.'
 */
export const signUpFailureMessage = (error: unknown): string =>
  accountFailure(error, messages.signUp.failed, { 409: messages.signUp.alreadyRegistered })
