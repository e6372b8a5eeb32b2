import { z } from 'zod'
import { messages } from '../messages.js'
import { canonicalPhoneSchema, numberPlan, stripPhone, typedPhonePattern } from '../phone.js'
import { nameSchema } from './common.js'

/** A contact of a user's repertoire. status '1' registered, '0' or absent not registered. */
export const contactSchema = z
  .object({
    name: z.string(),
    phone: canonicalPhoneSchema,
    status: z.enum(['0', '1']).optional(),
    selected: z.boolean().optional(),
    phoneOwnerRepertory: canonicalPhoneSchema.optional(),
    /** Present (true) when an administrator deactivated this person (docs/organisation.md). */
    deactivated: z.literal(true).optional(),
    /** A registered contact's photo, absent without one (docs/organisation.md, "Photos"). */
    photo: z.string().optional(),
  })
  .meta({ id: 'Contact' })

export type Contact = z.infer<typeof contactSchema>

/** The body of POST /api/contact. The owner is always the signed-in user. */
export const newContactSchema = z
  .object({
    name: nameSchema.min(1, messages.contact.nameRequired),
    /**
     * As typed, with its '+' (docs/behaviour.md, "Contacts"): the server keeps it under its
     * canonical key, read by the number plan of the country it names.
     */
    phone: z
      .string({ error: messages.contact.phoneRequired })
      .trim()
      .refine((typed) => stripPhone(typed) !== '', messages.contact.phoneRequired)
      .refine(
        (typed) => typed.startsWith('+') && typed.length <= 32 && typedPhonePattern.test(typed),
        messages.contact.formatIncorrect,
      )
      .meta({ example: '+33612345678', ...numberPlan('plus') }),
    phoneOwnerRepertory: canonicalPhoneSchema.optional(),
  })
  .meta({ id: 'NewContact' })

export type NewContact = z.infer<typeof newContactSchema>

/** The body of PATCH /api/contact/{phone}: the contact's new name. */
export const renameContactSchema = z
  .object({
    name: nameSchema.min(1, messages.contact.nameRequired),
    phoneOwnerRepertory: canonicalPhoneSchema.optional(),
  })
  .meta({ id: 'RenameContact' })

export type RenameContact = z.infer<typeof renameContactSchema>
