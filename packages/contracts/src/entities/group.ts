import { z } from 'zod'
import { canonicalPhoneSchema } from '../phone.js'
import { countSchema, idSchema, isoDateSchema } from './common.js'

export const participantSchema = z
  .object({
    name: z.string().optional(),
    phone: canonicalPhoneSchema,
    selected: z.boolean().optional(),
    /** Present (true) when an administrator deactivated this person (docs/organisation.md). */
    deactivated: z.literal(true).optional(),
    /**
     * Their photo, absent without one (docs/organisation.md, "Photos"); given in the folders'
     * list (GET /api/groupe), not in live folder events.
     */
    photo: z.string().optional(),
  })
  .meta({ id: 'Participant' })

export type Participant = z.infer<typeof participantSchema>

/** noName '1' is an unnamed automatic folder, '0' a named one. */
export const noNameSchema = z.enum(['0', '1'])

/** A shared folder as GET /api/groupe/{userPhone} lists it. */
export const groupSchema = z
  .object({
    nomGroup: z.string(),
    idGroup: idSchema,
    participants: z.array(participantSchema),
    nbrParticipants: countSchema,
    /** Unread notifications of this folder for the viewer. */
    nbrNotifNonLu: countSchema,
    datecreation: isoDateSchema,
    /** The original product names this field without saying what it holds; kept as a free string. */
    status: z.string().optional(),
    /** The same value as status, under the name older clients read. */
    FLAG: z.string().optional(),
    datelastevent: isoDateSchema,
    noName: noNameSchema,
    /** Phones of the folder's admins. */
    admin: z.array(canonicalPhoneSchema).optional(),
  })
  .meta({ id: 'Group' })

export type Group = z.infer<typeof groupSchema>

/** A folder in a post's group list: only its name and id. */
export const postGroupSchema = z
  .object({ idGroup: idSchema, name: z.string() })
  .meta({ id: 'PostGroup' })

export type PostGroup = z.infer<typeof postGroupSchema>
