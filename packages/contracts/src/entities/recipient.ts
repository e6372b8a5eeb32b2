import { z } from 'zod'
import { canonicalPhoneSchema } from '../phone.js'
import { countSchema, deliveryCodeSchema, isoDateSchema } from './common.js'

/**
 * One recipient of a post or comment, with that recipient's marks. Marks are only meaningful to
 * the sender; the server may send zeros to the others.
 */
export const recipientSchema = z
  .object({
    /** Clients show '+' followed by the phone when it is missing. */
    name: z.string().optional(),
    phone: canonicalPhoneSchema,
    email: z.string().optional(),
    status: z.string().optional(),
    selected: z.boolean().optional(),
    frequence: z.number().optional(),
    delivred: deliveryCodeSchema,
    delivredtoWeb: deliveryCodeSchema,
    /** Unread comments of this post for that recipient. */
    cmtnonluDestPost: countSchema,
    idGroupe: z.array(z.string()).optional(),
    nameGroupe: z.string().optional(),
    nbrNotifNonLu: countSchema.optional(),
    dateLastEvent: isoDateSchema.optional(),
    /** Present (true) when an administrator deactivated this person (docs/organisation.md). */
    deactivated: z.literal(true).optional(),
  })
  .meta({ id: 'Recipient' })

export type Recipient = z.infer<typeof recipientSchema>

/** The display name of a recipient: its name, or '+' and the phone. */
export const recipientDisplayName = (recipient: { name?: string | null; phone: string }): string =>
  recipient.name !== undefined && recipient.name !== null && recipient.name.trim() !== ''
    ? recipient.name
    : `+${recipient.phone}`
