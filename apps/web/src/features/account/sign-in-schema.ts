import { messages } from '@palabre/contracts'
import { z } from 'zod'
import { hasPhoneDigits } from '../../lib/phone-input'

/** Sign-in fields and their messages (docs/behaviour.md, "Sign-in"). Spaces and [-+^()#*] alone are no phone. */
export const signInSchema = z.object({
  country: z.string().min(1, messages.phoneStep.countryRequired),
  phone: z.string().refine(hasPhoneDigits, messages.signIn.phoneRequired),
  password: z.string().min(1, messages.signIn.passwordRequired),
})

export type SignInValues = z.input<typeof signInSchema>
