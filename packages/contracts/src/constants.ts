/** Business constants and limits (docs/behaviour.md, "Page sizes and constants"). */

// Paging
export const postsPerPage = 10
export const attachmentsPerPage = 7
export const contactsPerPage = 20
export const readerFilesPerPage = 7
/** Every list of the admin console: members, invitations, audit (docs/organisation.md). */
export const adminPageSize = 20
/**
 * A search count stops past this many posts (docs/behaviour.md, "Counters"): an answer above it
 * means "more than searchCountBound", shown as '1,000+'.
 */
export const searchCountBound = 1000
/** The first page of posts is index 0. */
export const firstPageIndex = 0

// Delivery marks and comment statuses: marks.ts.

// Comment, post and folder kinds
export const commentTypes = { text: '3', attachment: '1' } as const
export const commentTypeValues = ['3', '1'] as const
export type CommentType = (typeof commentTypeValues)[number]

export const postTypes = {
  message: '0',
  videoLink: '2',
  webView: '5',
  announcement: 'announcement',
} as const
/** What a client may send; an announcement comes only from POST /api/admin/announcements. */
export const clientPostTypeValues = ['0', '2', '5'] as const
export const postTypeValues = [...clientPostTypeValues, 'announcement'] as const
export type PostType = (typeof postTypeValues)[number]
export type ClientPostType = (typeof clientPostTypeValues)[number]

export const noNameValues = { named: '0', unnamed: '1' } as const
export type NoName = (typeof noNameValues)[keyof typeof noNameValues]

/** Post tagstatus: 'true' sent, 'false' failed (shows Resend), '' unknown. */
export const tagStatuses = ['true', 'false', ''] as const
export type TagStatus = (typeof tagStatuses)[number]

/** Contact status: '1' registered, '0' (or absent) not registered. */
export const contactStatuses = { registered: '1', notRegistered: '0' } as const

// Texts
export const textTruncationLength = 200
export const maxBlankSpaces = 5
/**
 * A message must not be blank (docs/behaviour.md, "Posts"): up to five spaces counts as empty, and any run
 * of whitespace only is blank here too: six spaces are no more a message than five.
 */
export const isBlankMessage = (text: string): boolean => text.trim() === ''
export const inlineRecipients = 2
export const dateFormats = {
  postCard: "d MMM y 'at' HH:mm",
  discussion: 'd MMM HH:mm',
  comment: 'd MMM y HH:mm',
} as const

// Timings
export const attachmentSendDelayMs = 3000
export const viewerReloadCheckMs = 3000
export const viewerReloadWindowMs = 20_000
export const readerRefreshDelayMs = 100

// One-time codes
export const otpLength = 6
export const otpResendSeconds = 59
export const otpLifeMs = 10 * 60 * 1000
export const otpMaxTries = 5

// Names
export const pollSeparator = '_____'
export const pollExtension = 'poll'
export const fileSuffixSeparator = '___'
export const thumbPrefix = 'thumb_'

// Folder events and the two participant flags (docs/behaviour.md, "Folders")
export const ADD_PARTICIPANT = 'group_p_a'
export const REMOVE_PARTICIPANT = 'group_p_r'
export const participantFlags = [ADD_PARTICIPANT, REMOVE_PARTICIPANT] as const
export type ParticipantFlag = (typeof participantFlags)[number]
export const groupEvents = {
  newGroup: 'new_g',
  participantAdded: ADD_PARTICIPANT,
  participantRemoved: REMOVE_PARTICIPANT,
} as const
export const groupEventNames = [
  groupEvents.newGroup,
  groupEvents.participantAdded,
  groupEvents.participantRemoved,
] as const
export type GroupEventName = (typeof groupEventNames)[number]

// Layout
export const breakpoints = {
  wallMobile: 430,
  landingMobile: 500,
  pollAndCommentMobile: 500,
  discussionMobile: 1024,
  postMobile: 420,
} as const
export const defaultLocale = 'en-US'
export const defaultCurrency = 'USD'
