import { z } from 'zod'
import { clientPostTypeValues, postTypeValues, tagStatuses } from '../constants.js'
import { canonicalPhoneSchema } from '../phone.js'
import { countSchema, deliveryCodeSchema, idSchema, isoDateSchema } from './common.js'
import { postGroupSchema } from './group.js'
import { recipientSchema } from './recipient.js'

export const postTypeSchema = z.enum(postTypeValues)
export const clientPostTypeSchema = z.enum(clientPostTypeValues)

/**
 * What an announcement adds to its post (docs/announcements.md): how many people it went to; for
 * its author how many confirmed it, for a recipient when they did (null while it stays pinned).
 */
export const announcementStateSchema = z.object({
  recipients: countSchema,
  /** For its author: how many have confirmed it. */
  confirmed: countSchema.optional(),
  confirmedAt: isoDateSchema.nullable().optional(),
})
export const tagStatusSchema = z.enum(tagStatuses)

/** The `data` object of a post item, as the original server shapes it (docs/behaviour.md, "Posts"). */
export const postContentSchema = z
  .object({
    emetr_name: z.string(),
    emetr_phone: canonicalPhoneSchema,
    text: z.string(),
    typePoste: postTypeSchema,
    idPostEmet: idSchema,
    /** Unread comments for the sender. */
    cmtnonluEmetPost: countSchema,
    totalcmt: countSchema,
    dateLastEvent: isoDateSchema,
    dateCreation: isoDateSchema,
    destinataires: z.array(recipientSchema),
    groups: z.array(postGroupSchema),
    /** With typePoste 'announcement' only. */
    announcement: announcementStateSchema.optional(),
  })
  .meta({ id: 'PostContent' })

export type PostContent = z.infer<typeof postContentSchema>

/**
 * One post as the viewer sees it: in pages, search results, sync and the `message` events.
 * Beside `data`, the viewer's own inbox entry (docs/data-model.md, "Inbox entries").
 */
export const postDataSchema = z
  .object({
    data: postContentSchema,
    /** Unread comments for the viewer (the sender's count when the viewer is the sender). */
    cmtnonlu: countSchema,
    /** The viewer's own delivery marks (for a recipient; the sender's entry keeps 0). */
    delivred: deliveryCodeSchema,
    delivredtoWeb: deliveryCodeSchema,
    tagstatus: tagStatusSchema.optional(),
    /** The viewer's change sequence of this entry, for GET /api/sync. */
    seq: countSchema,
  })
  .meta({ id: 'PostData' })

export type PostData = z.infer<typeof postDataSchema>
