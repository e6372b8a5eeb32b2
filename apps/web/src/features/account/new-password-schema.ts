import { messages } from '@palabre/contracts'
import { z } from 'zod'
import { newPasswordProblems } from '../../lib/new-password'

/** Step 3 of the reset: the field messages (docs/behaviour.md, "Messages"), then the contract's password rule. */
export const newPasswordSchema = z
  .object({ password: z.string(), confirm: z.string() })
  .superRefine((values, ctx) => {
    const problems = newPasswordProblems(values, messages.reset, {
      confirmOncePasswordTyped: false,
    })
    for (const { path, message } of problems)
      ctx.addIssue({ code: 'custom', path: [path], message })
  })

export type NewPasswordValues = z.input<typeof newPasswordSchema>
