import { messages, phoneMessages, phoneOtpSendSchema } from '@palabre/contracts'
import { z } from 'zod'
import { isPhoneOf } from '../../lib/phone-input'

/** The contract's own rule for the typed number, so the form and the server say the same. */
const typedNumber = phoneOtpSendSchema.shape.nameValuePairs.shape.phoneNumber

/** Whether the country and the number passed their own checks (the number's rule needs both). */
const phoneStepFieldsValid = (value: unknown): boolean => {
  const { country, phone } = (value ?? {}) as { country?: unknown; phone?: unknown }
  return (
    typeof country === 'string' &&
    country !== '' &&
    typeof phone === 'string' &&
    typedNumber.safeParse(phone).success
  )
}

/** Step 1 of the reset and of the sign-up: country and phone (docs/behaviour.md, "Sign-up"). */
export const phoneStepSchema = z
  .object({
    country: z.string().min(1, messages.phoneStep.countryRequired),
    phone: z.string().pipe(typedNumber),
  })
  // A number that cannot be a phone of the country picked: the server's rule and text
  // (docs/behaviour.md, "Phone numbers"), said before any code is asked for.
  .refine(({ country, phone }) => isPhoneOf(country, phone), {
    path: ['phone'],
    message: phoneMessages.formatIncorrect,
    when: (payload) => phoneStepFieldsValid(payload.value),
  })

export type PhoneStepValues = z.input<typeof phoneStepSchema>
