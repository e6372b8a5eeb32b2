import { z } from 'zod'
import { messages } from '../messages.js'
import { canonicalPhoneSchema } from '../phone.js'
import { nameSchema } from './common.js'

/** A contact of a user's repertoire. status '1' registered, '0' or absent not registered. */
export const contactSchema = z
  .object({
    name: z.string(),
    phone: canonicalPhoneSchema,
    status: z.enum(['0', '1']).optional(),
    selected: z.boolean().optional(),
    phoneOwnerRepertory: canonicalPhoneSchema.optional(),
  })
  .meta({ id: 'Contact' })

export type Contact = z.infer<typeof contactSchema>

/** The body of POST /api/contact. The owner is always the signed-in user. */
export const newContactSchema = z
  .object({
    name: nameSchema.min(1, messages.contact.nameRequired),
    phone: z
      .string({ error: messages.contact.phoneRequired })
      .min(1, messages.contact.phoneRequired)
      .pipe(canonicalPhoneSchema),
    phoneOwnerRepertory: canonicalPhoneSchema.optional(),
  })
  .meta({ id: 'NewContact' })

export type NewContact = z.infer<typeof newContactSchema>
