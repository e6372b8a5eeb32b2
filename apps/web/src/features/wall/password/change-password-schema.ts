import { messages } from '@palabre/contracts'
import { z } from 'zod'
import { newPasswordProblems } from '../../../lib/new-password'

/**
 * The password change's form (docs/behaviour.md, "Password change"): the current password is
 * required, then the new one and its confirmation follow the sign-up's checks.
 */
export const changePasswordSchema = z
  .object({ current: z.string(), password: z.string(), confirm: z.string() })
  .superRefine((values, ctx) => {
    if (values.current === '')
      ctx.addIssue({
        code: 'custom',
        path: ['current'],
        message: messages.passwordChange.currentRequired,
      })
    for (const { path, message } of newPasswordProblems(values, messages.signUp, {
      confirmOncePasswordTyped: false,
    }))
      ctx.addIssue({ code: 'custom', path: [path], message })
  })

export type ChangePasswordValues = z.input<typeof changePasswordSchema>
