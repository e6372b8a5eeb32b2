import { messages } from '@palabre/contracts'
import { z } from 'zod'
import { newPasswordProblems } from '../../lib/new-password'

/**
 * Step 5 of the sign-up (docs/behaviour.md, "Sign-up"): the confirmation is asked for only once a
 * password is typed; then the contract's own password rule applies.
 */
export const profileStepSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    password: z.string(),
    confirm: z.string(),
  })
  .superRefine(({ firstName, lastName, ...passwords }, ctx) => {
    const fail = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message })
    if (firstName.trim() === '') fail('firstName', messages.signUp.firstNameRequired)
    if (lastName.trim() === '') fail('lastName', messages.signUp.lastNameRequired)
    const problems = newPasswordProblems(passwords, messages.signUp, {
      confirmOncePasswordTyped: true,
    })
    for (const { path, message } of problems) fail(path, message)
  })

export type ProfileStepValues = z.input<typeof profileStepSchema>
