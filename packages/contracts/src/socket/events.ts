import { z } from 'zod'
import { commentSchema } from '../entities/comment.js'
import { postDataSchema } from '../entities/post.js'
import { publicProfileSchema } from '../entities/profile.js'
import { canonicalPhoneSchema } from '../phone.js'
import {
  defineClientEvent,
  defineServerEvent,
  ackOkSchema,
  ackSchema,
  type ClientEventMap,
  type ServerEventMap,
} from './event.js'
import {
  commentPayloadSchema,
  commentsVuFromWebPayloadSchema,
  messagePayloadSchema,
  participantPayloadSchema,
  postVuFromWebPayloadSchema,
  saveGroupPayloadSchema,
} from './payloads.js'
import {
  callbackPayloadSchema,
  commentCallbackPayloadSchema,
  commentVuFromWebPayloadSchema,
  commentVuPayloadSchema,
  groupEventPayloadSchema,
  postVuFromWebPayloadServerSchema,
  postVuPayloadSchema,
  sessionEndedPayloadSchema,
  announcementConfirmedPayloadSchema,
  announcementReminderPayloadSchema,
  postSeenElsewherePayloadSchema,
  videoViewedPayloadSchema,
} from './server-payloads.js'

/** The socket.io endpoint, on the web app's origin (docs/realtime.md, "Endpoint and identity"). */
export const socketPath = '/socket.io'

// Client -> server. Acknowledged events answer 1 once persisted, or an error body.

export const clientMessage = defineClientEvent({
  name: 'message',
  summary: 'Send a post to contacts and/or folders.',
  payload: messagePayloadSchema,
  ack: ackSchema,
})

export const clientComment = defineClientEvent({
  name: 'comment',
  summary: "Comment on a post (type '3' text, '1' attachment).",
  payload: commentPayloadSchema,
  ack: ackSchema,
})

export const clientSaveGroup = defineClientEvent({
  name: 'saveGroup',
  summary: 'Create a shared folder.',
  payload: saveGroupPayloadSchema,
  ack: ackSchema,
})

export const clientParticipant = defineClientEvent({
  name: 'participant',
  summary: 'Add (group_p_a) or remove (group_p_r) folder members. Spec clients ignore the ack.',
  payload: participantPayloadSchema,
  ack: ackSchema,
})

export const clientPostVuFromWeb = defineClientEvent({
  name: 'postVuFromWeb',
  summary: 'The signed-in user saw a post on the web.',
  payload: postVuFromWebPayloadSchema,
  ack: undefined,
})

export const clientCommentsVuFromWeb = defineClientEvent({
  name: 'commentsVuFromWeb',
  summary: "The signed-in user saw a post's comments on the web.",
  payload: commentsVuFromWebPayloadSchema,
  ack: undefined,
})

// Server -> client.

export const serverMessage = defineServerEvent({
  name: 'message',
  summary: 'A post for you (you are a recipient). Acknowledge it with 1: that marks it delivered.',
  payload: postDataSchema,
  ack: ackOkSchema,
})

export const serverMessageForOtherToMe = defineServerEvent({
  name: 'messageForOtherToMe',
  summary: 'A post you sent from another tab or device.',
  payload: postDataSchema,
})

export const serverComment = defineServerEvent({
  name: 'comment',
  summary:
    'A comment on one of your posts or conversations. Acknowledge it with 1: that marks it delivered.',
  payload: commentSchema,
  ack: ackOkSchema,
})

export const serverCommentForOtherToMe = defineServerEvent({
  name: 'commentForOtherToMe',
  summary: 'A comment you wrote from another tab or device.',
  payload: commentSchema,
})

export const serverCallback = defineServerEvent({
  name: 'callback',
  summary: 'Your post reached a recipient (delivred 2).',
  payload: callbackPayloadSchema,
})

export const serverCommentCallback = defineServerEvent({
  name: 'commentCallback',
  summary:
    "Your comment reached these recipients (delivred 2); its status turns '2' when all have it. Not in the original product.",
  payload: commentCallbackPayloadSchema,
})

export const serverPostVu = defineServerEvent({
  name: 'postVu',
  summary: 'A recipient saw your post (delivred 4).',
  payload: postVuPayloadSchema,
})

export const serverPostVuFromWeb = defineServerEvent({
  name: 'postVuFromWeb',
  summary: 'A recipient saw your post on the web (delivredtoWeb 4).',
  payload: postVuFromWebPayloadServerSchema,
})

export const serverCommentVu = defineServerEvent({
  name: 'commentVu',
  summary: 'A recipient saw your comments (delivred 4).',
  payload: commentVuPayloadSchema,
})

export const serverCommentVuFromWeb = defineServerEvent({
  name: 'commentVuFromWeb',
  summary: 'A recipient saw your comments on the web (delivredtoWeb 4).',
  payload: commentVuFromWebPayloadSchema,
})

export const serverGroup = defineServerEvent({
  name: 'group',
  summary: 'A folder you are in changed: new_g, group_p_a or group_p_r.',
  payload: groupEventPayloadSchema,
})

export const serverAnnouncement = defineServerEvent({
  name: 'announcement',
  summary:
    'An announcement for you: pin it on the wall until you confirm it (POST /api/announcements/{idPostEmet}/confirm).',
  payload: postDataSchema,
})

export const serverAnnouncementConfirmed = defineServerEvent({
  name: 'announcementConfirmed',
  summary: 'To the author of an announcement: a recipient confirmed it.',
  payload: announcementConfirmedPayloadSchema,
})

export const serverAnnouncementReminder = defineServerEvent({
  name: 'announcementReminder',
  summary: 'The author of an announcement you have not confirmed reminds you of it.',
  payload: announcementReminderPayloadSchema,
})

export const serverPostSeenElsewhere = defineServerEvent({
  name: 'postSeenElsewhere',
  summary:
    'You saw a post from another tab or device (confirming an announcement is seeing it): it is no longer new, its comments are read. Not in the original product.',
  payload: postSeenElsewherePayloadSchema,
})

export const serverSessionEnded = defineServerEvent({
  name: 'sessionEnded',
  summary:
    'Your session ended (logout, password reset, expiry): the socket is disconnected next; sign in again.',
  payload: sessionEndedPayloadSchema,
})

export const serverVideoViewed = defineServerEvent({
  name: 'videoViewed',
  summary:
    'A reader of a video (or recording) you sent played more of it: their credited share and when they finished it. Not in the original product.',
  payload: videoViewedPayloadSchema,
})

export const serverProfileChanged = defineServerEvent({
  name: 'profileChanged',
  summary:
    "A person's profile changed (their name, title, team, site or kind): to their own tabs and to the people who share a folder with them or have them in their contacts. Not in the original product.",
  payload: publicProfileSchema,
})

/** Every client event, as a tuple (for the event map type) and by name (for handlers). */
export const clientEventList = [
  clientMessage,
  clientComment,
  clientSaveGroup,
  clientParticipant,
  clientPostVuFromWeb,
  clientCommentsVuFromWeb,
] as const

export const clientEvents = {
  message: clientMessage,
  comment: clientComment,
  saveGroup: clientSaveGroup,
  participant: clientParticipant,
  postVuFromWeb: clientPostVuFromWeb,
  commentsVuFromWeb: clientCommentsVuFromWeb,
} as const

export const serverEventList = [
  serverMessage,
  serverMessageForOtherToMe,
  serverComment,
  serverCommentForOtherToMe,
  serverCallback,
  serverPostVu,
  serverPostVuFromWeb,
  serverCommentVu,
  serverCommentVuFromWeb,
  serverGroup,
  serverSessionEnded,
  serverCommentCallback,
  serverAnnouncement,
  serverAnnouncementConfirmed,
  serverAnnouncementReminder,
  serverVideoViewed,
  serverPostSeenElsewhere,
  serverProfileChanged,
] as const

export const serverEvents = {
  message: serverMessage,
  messageForOtherToMe: serverMessageForOtherToMe,
  comment: serverComment,
  commentForOtherToMe: serverCommentForOtherToMe,
  callback: serverCallback,
  postVu: serverPostVu,
  postVuFromWeb: serverPostVuFromWeb,
  commentVu: serverCommentVu,
  commentVuFromWeb: serverCommentVuFromWeb,
  group: serverGroup,
  sessionEnded: serverSessionEnded,
  commentCallback: serverCommentCallback,
  announcement: serverAnnouncement,
  announcementConfirmed: serverAnnouncementConfirmed,
  announcementReminder: serverAnnouncementReminder,
  videoViewed: serverVideoViewed,
  postSeenElsewhere: serverPostSeenElsewhere,
  profileChanged: serverProfileChanged,
} as const

export type ClientEventName = keyof typeof clientEvents
export type ServerEventName = keyof typeof serverEvents

/** socket.io's typed maps: `new Server<ClientToServerEvents, ServerToClientEvents, {}, SocketData>`. */
export type ClientToServerEvents = ClientEventMap<typeof clientEventList>
export type ServerToClientEvents = ServerEventMap<typeof serverEventList>

/** What the server keeps on each socket, from the session (`sessionKey` names it, not its token). */
export const socketDataSchema = z.object({
  phone: canonicalPhoneSchema,
  name: z.string(),
  sessionKey: z.string(),
  /** When the session expires (ms since 1970): every event checks it without a read. */
  sessionExpiresAt: z.number(),
})
export type SocketData = z.infer<typeof socketDataSchema>
