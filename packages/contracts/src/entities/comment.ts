import { z } from 'zod'
import { commentTypeValues } from '../constants.js'
import { commentStatuses } from '../marks.js'
import { canonicalPhoneSchema } from '../phone.js'
import { countSchema, idSchema, isoDateSchema } from './common.js'
import { recipientSchema } from './recipient.js'

export const commentTypeSchema = z.enum(commentTypeValues)
export const commentStatusSchema = z.enum(commentStatuses)

/** The `data` object of a comment item (docs/behaviour.md, "Comments"). */
export const commentContentSchema = z
  .object({
    emetr_name: z.string(),
    emetr_phone: canonicalPhoneSchema,
    cmt: z.string(),
    /** Stored image name, '' when none. */
    image: z.string(),
    /** Stored document name, '' when none. */
    fileDocName: z.string(),
    idPostEmet: idSchema,
    idCmtEmet: idSchema,
    dateCreation: isoDateSchema,
    destinataires: z.array(recipientSchema),
  })
  .meta({ id: 'CommentContent' })

export type CommentContent = z.infer<typeof commentContentSchema>

/** A comment item: '3' text, '1' attachment, with its data and the viewer's own state. */
export const commentSchema = z
  .object({
    type: commentTypeSchema,
    data: commentContentSchema,
    /** Whether the viewer has not seen it yet (1) or has (0). */
    cmtnonlu: countSchema.optional(),
    /** The sender's aggregate status: '2' all delivered, '4' all seen. */
    tagcmtstatut: commentStatusSchema.optional(),
    /**
     * One of the post's own files, sent after it as a comment: it raises no unread count and
     * brings no notice of its own (docs/behaviour.md, "A post's files").
     */
    partOfPost: z.literal(true).optional(),
  })
  .meta({ id: 'Comment' })

export type Comment = z.infer<typeof commentSchema>

/** A file attached in a post's comments, for the strip and the reader. */
export const commentFileSchema = z
  .object({
    /** The author's phone. */
    emet: canonicalPhoneSchema,
    emetName: z.string().optional(),
    image: z.string(),
    fileDoc: z.string(),
    dateCreation: isoDateSchema,
    idCmtEmet: idSchema.optional(),
  })
  .meta({ id: 'CommentFile' })

export type CommentFile = z.infer<typeof commentFileSchema>
