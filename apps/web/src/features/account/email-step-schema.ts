import { mailSchema } from '@palabre/contracts'
import { z } from 'zod'

/** The contract's e-mail rule: 'Please fill email field.' when empty (docs/behaviour.md, "Messages"). */
export const emailStepSchema = z.object({ mail: mailSchema })

export type EmailStepValues = z.input<typeof emailStepSchema>
export type EmailStepOutput = z.output<typeof emailStepSchema>
