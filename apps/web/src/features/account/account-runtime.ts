import { zodResolver } from '@hookform/resolvers/zod'
import { registerServerTexts } from '../../i18n/catalogue/server'
import { translateServerText } from '../../i18n/server-text'
import { emailStepSchema } from './email-step-schema'
import { newPasswordSchema } from './new-password-schema'
import { phoneStepSchema } from './phone-step-schema'
import { profileStepSchema } from './profile-step-schema'
import { signInSchema } from './sign-in-schema'

/**
 * What the account screens need once a person acts on them, not to show themselves
 * (docs/bundle-budgets.md, "First paint"): the schemas and their zod, the phone metadata (the
 * country list, the account key, the display of a number), the api calls, and the translation
 * of the contracts' texts (whose catalogue reads the contracts' schemas). One chunk, fetched
 * once the page has painted (`use-account-runtime.ts`), or by the first submit if that comes
 * first.
 */

/** The forms' validation: each schema as react-hook-form's resolver. */
export const resolvers = {
  signIn: zodResolver(signInSchema),
  phoneStep: zodResolver(phoneStepSchema),
  emailStep: zodResolver(emailStepSchema),
  profileStep: zodResolver(profileStepSchema),
  newPassword: zodResolver(newPasswordSchema),
}

export { registerServerTexts, translateServerText }
export { phoneCountries, displayPhone, phoneFieldsOfKey } from '../../lib/phone-input'
export { storeSession } from '../../session/session-query'
export { logIn } from './sign-in-calls'
export { sendEmailCode, sendPhoneCode, verifyEmailCode, verifyPhoneCode } from './otp-calls'
export { signUp, signUpFailureMessage } from './sign-up-calls'
export { updatePassword } from './reset-calls'
