import { usersRoutes } from '@palabre/contracts'
import { callRoute } from '../../lib/api-client'
import { accountPhone } from '../../lib/phone-input'

/** Step 3 of the reset (docs/behaviour.md, "Password reset"): the new password of the account. */
export const updatePassword = (country: string, phone: string, password: string) =>
  callRoute(usersRoutes.updatePassword, {
    body: { nameValuePairs: { phone: accountPhone(country, phone), password } },
  })
