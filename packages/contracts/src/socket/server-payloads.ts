import { z } from 'zod'
import { groupEventNames } from '../constants.js'
import { commentStatusSchema } from '../entities/comment.js'
import { countSchema, idSchema, isoDateSchema } from '../entities/common.js'
import { groupSchema, participantSchema } from '../entities/group.js'
import { markChannels } from '../marks.js'
import { canonicalPhoneSchema } from '../phone.js'

/** Payloads the server emits beside the post and comment items. */

/** To a post's sender: the recipient `phone` received it (delivred 2). */
export const callbackPayloadSchema = z
  .object({ idPostEmet: idSchema, phone: canonicalPhoneSchema, delivred: z.literal(2) })
  .meta({ id: 'CallbackEvent' })

/**
 * To a comment's author: these recipients received it (delivred 2). Ours, beside `callback`.
 * `tagcmtstatut` is the comment's stored status after the change (docs/realtime.md, "Comment
 * status").
 */
export const commentCallbackPayloadSchema = z
  .object({
    idPostEmet: idSchema,
    idCmtEmet: idSchema,
    phones: z.array(canonicalPhoneSchema),
    delivred: z.literal(2),
    tagcmtstatut: commentStatusSchema.optional(),
  })
  .meta({ id: 'CommentCallbackEvent' })

/** To a post's sender: the recipient `phone` saw it. */
export const postVuPayloadSchema = z
  .object({ idPostEmet: idSchema, phone: canonicalPhoneSchema, delivred: z.literal(4) })
  .meta({ id: 'PostVuEvent' })

export const postVuFromWebPayloadServerSchema = z
  .object({ idPostEmet: idSchema, phone: canonicalPhoneSchema, delivredtoWeb: z.literal(4) })
  .meta({ id: 'PostVuFromWebEvent' })

/** Each comment's stored status after a seen event, by idCmtEmet. Ours, beside the spec's fields. */
const statusesSchema = z.record(idSchema, commentStatusSchema).optional()

/** To the comments' authors: `phone` saw these comments of the post. */
export const commentVuPayloadSchema = z
  .object({
    idPostEmet: idSchema,
    phone: canonicalPhoneSchema,
    commentsSeen: z.array(idSchema),
    delivred: z.literal(4),
    statuses: statusesSchema,
  })
  .meta({ id: 'CommentVuEvent' })

export const commentVuFromWebPayloadSchema = z
  .object({
    idPostEmet: idSchema,
    phone: canonicalPhoneSchema,
    commentsSeen: z.array(idSchema),
    delivredtoWeb: z.literal(4),
    statuses: statusesSchema,
  })
  .meta({ id: 'CommentVuFromWebEvent' })

/**
 * A folder change: new_g (you are in a new folder), group_p_a (participants added; you may be
 * one of them), group_p_r (participants removed; you may be one of them).
 */
export const groupEventPayloadSchema = z
  .object({
    event: z.enum(groupEventNames),
    /** The folder as it is now, in the receiver's view. */
    group: groupSchema,
    /** Who was added or removed (group_p_a, group_p_r). */
    participants: z.array(participantSchema).optional(),
    /** The name of the member who made the change. */
    by: z.string().optional(),
  })
  .meta({ id: 'GroupEvent' })

export type GroupEventPayload = z.infer<typeof groupEventPayloadSchema>

/** Why the server ended a socket's session (docs/security.md, "Sessions"). */
export const sessionEndReasons = [
  'logout',
  'password_reset',
  'password_change',
  'expired',
  'deactivated',
] as const

/** Sent to every socket of a session just before the server disconnects it. */
export const sessionEndedPayloadSchema = z
  .object({ reason: z.enum(sessionEndReasons) })
  .meta({ id: 'SessionEndedEvent' })

export type SessionEndedPayload = z.infer<typeof sessionEndedPayloadSchema>

/** To an announcement's author: one more recipient confirmed it (docs/announcements.md). */
export const announcementConfirmedPayloadSchema = z
  .object({
    idPostEmet: idSchema,
    phone: canonicalPhoneSchema,
    name: z.string(),
    at: isoDateSchema,
    /** How many have confirmed now, of how many recipients. */
    confirmed: countSchema,
    total: countSchema,
  })
  .meta({ id: 'AnnouncementConfirmedEvent' })

export type AnnouncementConfirmedPayload = z.infer<typeof announcementConfirmedPayloadSchema>

/**
 * To every socket of a person who saw a post from one of their tabs or devices, after the write
 * (docs/realtime.md, "Delivery marks"): their own mark on `channel` is seen and the post's
 * comments are read, so no tab shows it new. Confirming an announcement is seeing it: then
 * `confirmedAt` says when, and the announcement is no longer pinned.
 */
export const postSeenElsewherePayloadSchema = z
  .object({
    idPostEmet: idSchema,
    channel: z.enum(markChannels),
    confirmedAt: isoDateSchema.optional(),
  })
  .meta({ id: 'PostSeenElsewhereEvent' })

export type PostSeenElsewherePayload = z.infer<typeof postSeenElsewherePayloadSchema>

/** To a recipient who has not confirmed an announcement: its author reminds them. */
export const announcementReminderPayloadSchema = z
  .object({ idPostEmet: idSchema })
  .meta({ id: 'AnnouncementReminderEvent' })

export type AnnouncementReminderPayload = z.infer<typeof announcementReminderPayloadSchema>

/**
 * To a file's uploader: a reader's proof of viewing moved (docs/files.md, "Proof of viewing").
 * `name` is the stored file name, `phone` the viewer.
 */
export const videoViewedPayloadSchema = z
  .object({
    name: z.string().min(1),
    phone: canonicalPhoneSchema,
    watchedFraction: z.number().min(0).max(1),
    completedAt: isoDateSchema.nullable(),
  })
  .meta({ id: 'VideoViewedEvent' })

export type VideoViewedPayload = z.infer<typeof videoViewedPayloadSchema>
