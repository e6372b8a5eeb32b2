import {
  authRoutes,
  loginSchema,
  messages,
  phoneMessages,
  type UserProfile,
} from '@palabre/contracts'
import { callRoute } from '../../lib/api-client'
import { issuesByField } from '../../lib/form-issues'
import { accountPhone, isPhoneOf } from '../../lib/phone-input'
import { accountFailure } from './account-failure'

/** What a sign-in ends with: field messages, a failure to show, or the signed-in profile. */
export type LogInResult =
  | { fields: { phone?: string | undefined; password?: string | undefined } }
  | { failure: string }
  | { profile: UserProfile }

/**
 * Signs in with a country, a typed phone and a password (docs/behaviour.md, "Sign-in"): the
 * account's key by the rule the server applies (docs/behaviour.md, "Phone numbers"), checked
 * against the contract's login schema, then verified by the server. The messages are contracts
 * texts.
 */
export const logIn = async (
  country: string,
  phone: string,
  password: string,
): Promise<LogInResult> => {
  if (!isPhoneOf(country, phone)) return { fields: { phone: phoneMessages.formatIncorrect } }
  const body = { phone: accountPhone(country, phone), password }
  const checked = loginSchema.safeParse(body)
  if (!checked.success) {
    const issue = issuesByField(checked.error)
    return { fields: { phone: issue.phone, password: issue.password } }
  }
  try {
    return { profile: await callRoute(authRoutes.login, { body }) }
  } catch (error) {
    return {
      // A deactivated account is told so (docs/organisation.md).
      failure: accountFailure(error, messages.reset.unexpected, {
        401: messages.signIn.wrongPassword,
        404: messages.signIn.notFound,
      }),
    }
  }
}
