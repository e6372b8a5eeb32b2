import { z } from 'zod'
import { ADD_PARTICIPANT, participantFlags, REMOVE_PARTICIPANT } from '../constants.js'
import { idSchema, jsonList, looseCountSchema } from '../entities/common.js'
import { commentTypeSchema } from '../entities/comment.js'
import { noNameSchema, participantSchema } from '../entities/group.js'
import { clientPostTypeSchema } from '../entities/post.js'
import { messages } from '../messages.js'
import { canonicalPhoneSchema } from '../phone.js'

/**
 * Payloads the clients emit. They keep the original field names (docs/realtime.md, "Payloads"). The server
 * takes the acting phone from the session, never from `emetr_phone` or `emtr_vu`; those are
 * still validated so a malformed payload is refused whole.
 */

/** Original clients send some ids as numbers. */
const socketIdSchema = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), idSchema)

/** Flags and counters the original clients send whose value the server does not use. */
const looseScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]).optional()

/** Dates the clients claim; the server stamps its own. */
const clientDateSchema = z.union([z.string().max(64), z.number()]).optional()

/** A stored upload name referenced by a comment: a name, never a path. */
const storedNameSchema = z
  .string()
  .max(255, 'A file name is at most 255 characters.')
  .refine((name) => !/[/\\]/.test(name) && name !== '.' && name !== '..', {
    message: 'A stored file name, not a path.',
  })

const textSchema = z.string().max(20_000, 'A message is at most 20000 characters.')

/** A recipient as a client names it: its phone, and a name for display. */
export const recipientRefSchema = z.object({
  phone: canonicalPhoneSchema,
  name: z.string().max(100).optional(),
})

/** A folder of a post as a client names it; `nomGroup` is accepted for `name`. */
export const postGroupRefSchema = z
  .object({
    idGroup: socketIdSchema,
    name: z.string().max(100).optional(),
    nomGroup: z.string().max(100).optional(),
  })
  .transform(({ idGroup, name, nomGroup }) => ({ idGroup, name: name ?? nomGroup ?? '' }))

/** A participant given as an object or as a bare phone. */
export const participantRefSchema = z.union([
  participantSchema,
  canonicalPhoneSchema.transform((phone) => ({ phone })),
])

export const messagePayloadSchema = z
  .object({
    emetr_phone: canonicalPhoneSchema.optional(),
    emetr_name: z.string().max(100).optional(),
    delivredToMeMobile: looseScalar,
    text: textSchema.default(''),
    sansPhoto: looseScalar,
    pieceJointSMS: looseScalar,
    counterDest: looseCountSchema.optional(),
    destinataires: jsonList(recipientRefSchema).default([]),
    dateLastEvent: clientDateSchema,
    dateCreation: clientDateSchema,
    groups: jsonList(postGroupRefSchema).default([]),
    app_id: z.string().max(128).optional(),
    idPostEmet: socketIdSchema,
    typePoste: clientPostTypeSchema.default('0'),
  })
  .refine((post) => post.destinataires.length > 0 || post.groups.length > 0, {
    message: messages.message.noContact,
    path: ['destinataires'],
  })

export type MessagePayload = z.infer<typeof messagePayloadSchema>

export const commentPayloadSchema = z
  .object({
    emetr_phone: canonicalPhoneSchema.optional(),
    emetr_name: z.string().max(100).optional(),
    cmt: textSchema.default(''),
    image: storedNameSchema.default(''),
    fileDocName: storedNameSchema.default(''),
    idPostEmet: socketIdSchema,
    idCmtEmet: socketIdSchema,
    dateCreation: clientDateSchema,
    app_id: z.string().max(128).optional(),
    counterDest: looseCountSchema.optional(),
    /** Ignored: the server builds a comment's recipients from its post. */
    destinataires: jsonList(recipientRefSchema).optional(),
    /** '3' text, '1' attachment. */
    typecommente: commentTypeSchema.default('3'),
  })
  .refine((c) => c.cmt.trim() !== '' || c.image !== '' || c.fileDocName !== '', {
    message: messages.message.empty,
    path: ['cmt'],
  })

export type CommentPayload = z.infer<typeof commentPayloadSchema>

export const saveGroupPayloadSchema = z.object({
  nomCreateurGrp: z.string().max(100).optional(),
  nomGroup: z
    .string({ error: messages.folder.nameRequired })
    .trim()
    .min(1, messages.folder.nameRequired)
    .max(500, 'A folder name is at most 500 characters.'),
  idGroup: socketIdSchema,
  participants: jsonList(participantRefSchema).refine((list) => list.length > 0, {
    message: messages.folder.noContact,
  }),
  nbrParticipants: looseCountSchema.optional(),
  nbrNotifNonLu: looseCountSchema.optional(),
  datecreation: clientDateSchema,
  noName: noNameSchema.default('0'),
})

export type SaveGroupPayload = z.infer<typeof saveGroupPayloadSchema>

export const participantPayloadSchema = z
  .object({
    emetr_name: z.string().max(100).optional(),
    idGroup: socketIdSchema,
    /** The participants added (group_p_a). */
    participant_selected: jsonList(participantRefSchema).default([]),
    FLAG: z.enum(participantFlags, {
      error: `FLAG is '${ADD_PARTICIPANT}' or '${REMOVE_PARTICIPANT}'.`,
    }),
    /** The participants removed (group_p_r). */
    removed_participants: jsonList(participantRefSchema).default([]),
    /** The client's view of the members; the server keeps its own. */
    current_participants: jsonList(participantRefSchema).default([]),
  })
  .refine(
    (p) =>
      p.FLAG === ADD_PARTICIPANT
        ? p.participant_selected.length > 0
        : p.removed_participants.length > 0,
    { message: messages.folder.noContact, path: ['participant_selected'] },
  )

export type ParticipantPayload = z.infer<typeof participantPayloadSchema>

export const postVuFromWebPayloadSchema = z.object({
  /** The viewer. */
  emtr_vu: canonicalPhoneSchema,
  /** The post's sender. */
  emtr_post: canonicalPhoneSchema,
  idPostEmet: socketIdSchema,
})

export type PostVuFromWebPayload = z.infer<typeof postVuFromWebPayloadSchema>

/** A seen comment named by its id, or by an object holding it. */
const seenCommentSchema = z.union([
  socketIdSchema,
  z.object({ idCmtEmet: socketIdSchema }).transform((c) => c.idCmtEmet),
])

export const commentsVuFromWebPayloadSchema = z.object({
  emtr_vu: canonicalPhoneSchema,
  idPostEmet: socketIdSchema,
  /** The comment ids seen; empty or absent means every comment of the post. */
  commentsSeen: jsonList(seenCommentSchema).default([]),
})

export type CommentsVuFromWebPayload = z.infer<typeof commentsVuFromWebPayloadSchema>

/**
 * What a client may put in the handshake: phone, name and a web flag. Informative only: the
 * socket's identity comes from the session cookie (docs/realtime.md, "Endpoint and identity").
 */
export const socketHandshakeQuerySchema = z.object({
  userPhone: canonicalPhoneSchema.optional(),
  userName: z.string().max(100).optional(),
  web: z.string().optional(),
})
