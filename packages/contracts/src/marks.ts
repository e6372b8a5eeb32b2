/**
 * Delivery and read marks: the one home of their rules (docs/realtime.md, "Delivery marks").
 * The servers store marks with these rules and the web shows them with the same ones, so the
 * two cannot disagree on what a tick says.
 *
 * Each recipient of a post or a comment has two marks, one per channel: `delivred` (set when
 * the person's client has it, or when a phone app saw it) and `delivredtoWeb` (set when the web
 * app saw it). A mark is a code: 0 nothing yet, 1-2 delivered, 3-4 seen. Seen implies
 * delivered. A mark only goes up, whatever order the events come in.
 */

export const deliveryCodes = {
  pending: 0,
  delivered: 1,
  /** The person's client has it (its socket acknowledged it, or it read it over REST). */
  deliveredCallback: 2,
  seenElsewhere: 3,
  /** The person saw it. */
  seen: 4,
} as const
export type DeliveryCode = (typeof deliveryCodes)[keyof typeof deliveryCodes]

/** Seen implies delivered: true for 1 to 4. */
export const isDelivered = (code: number | null | undefined): boolean =>
  code !== null && code !== undefined && code >= 1 && code <= 4
export const isSeen = (code: number | null | undefined): boolean => code === 3 || code === 4

/** One recipient's two marks. */
export interface Marks {
  delivred: number
  delivredtoWeb: number
}

/** The two channels a seen mark is on: the web app's (`delivredtoWeb`) or the phone apps'. */
export const markChannels = ['web', 'mobile'] as const
export type MarkChannel = (typeof markChannels)[number]

/** What happened to a post or comment on a recipient's side. */
export type MarkEvent = { kind: 'delivered' } | { kind: 'seen'; channel: MarkChannel }

/** The channel field an event sets, and the code it sets it to. */
export const markOf = (event: MarkEvent): { field: keyof Marks; code: 2 | 4 } =>
  event.kind === 'delivered'
    ? { field: 'delivred', code: deliveryCodes.deliveredCallback }
    : { field: event.channel === 'web' ? 'delivredtoWeb' : 'delivred', code: deliveryCodes.seen }

/** A recipient's marks after an event: the channel's mark goes up to the event's, never down. */
export const raiseMarks = <M extends Marks>(marks: M, event: MarkEvent): M => {
  const { field, code } = markOf(event)
  return marks[field] >= code ? marks : { ...marks, [field]: code }
}

/** Two reports of the same recipient's marks: each channel keeps the higher. */
export const higherMarks = <M extends Marks>(marks: M, other: Marks): M =>
  marks.delivred >= other.delivred && marks.delivredtoWeb >= other.delivredtoWeb
    ? marks
    : {
        ...marks,
        delivred: Math.max(marks.delivred, other.delivred),
        delivredtoWeb: Math.max(marks.delivredtoWeb, other.delivredtoWeb),
      }

/** Delivered on either channel (a web that saw it had it). */
export const hasDelivered = (marks: Marks): boolean =>
  isDelivered(marks.delivred) || isDelivered(marks.delivredtoWeb)

/** Seen on either channel. */
export const hasSeen = (marks: Marks): boolean =>
  isSeen(marks.delivred) || isSeen(marks.delivredtoWeb)

export type Ticks = 'none' | 'delivered' | 'seen'

/** What the sender's tick for one recipient shows: read if either channel saw it, else delivered. */
export const recipientTicks = (marks: Marks): Ticks =>
  hasSeen(marks) ? 'seen' : hasDelivered(marks) ? 'delivered' : 'none'

/**
 * A comment's status (tagcmtstatut), as the original clients read it: '' or '0' sent, '1'/'2'
 * delivered, '3'/'4' seen.
 */
export const commentStatuses = ['', '0', '1', '2', '3', '4'] as const
export type CommentStatus = (typeof commentStatuses)[number]

const statusRank: Record<CommentStatus, number> = { '': 0, '0': 0, '1': 1, '2': 2, '3': 3, '4': 4 }

/**
 * A comment's status from its recipients' marks: '4' once every recipient has seen it, '2' once
 * every one has it, else '0'. A comment with no recipient stays '0'.
 */
export const commentStatusOf = (recipients: readonly Marks[]): '0' | '2' | '4' => {
  if (recipients.length === 0) return '0'
  if (recipients.every(hasSeen)) return '4'
  if (recipients.every(hasDelivered)) return '2'
  return '0'
}

/** Two reports of one comment's status: the further one (a status only goes up too). */
export const higherStatus = <S extends CommentStatus>(status: S, other: S): S =>
  statusRank[other] > statusRank[status] ? other : status

/** The statuses below `status`: those a stored comment may be raised from. */
export const statusesBelow = (status: CommentStatus): CommentStatus[] =>
  commentStatuses.filter((s) => statusRank[s] < statusRank[status])

/** What the author's tick of a comment shows. */
export const commentTicks = (status: string | null | undefined): 'sent' | 'delivered' | 'seen' => {
  const rank = statusRank[(status ?? '') as CommentStatus] ?? 0
  return rank >= 3 ? 'seen' : rank >= 1 ? 'delivered' : 'sent'
}
